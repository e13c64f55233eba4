<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="soft" tilewidth="16" tileheight="16" tilecount="5" columns="5">
 <image source="soft.png" width="80" height="16"/>
</tileset>

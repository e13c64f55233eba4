<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="keyed" tilewidth="16" tileheight="16" tilecount="4" columns="4">
 <image source="keyed.png" trans="ff00ff" width="64" height="16"/>
</tileset>

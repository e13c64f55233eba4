<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="big" tilewidth="32" tileheight="32" tilecount="4" columns="4">
 <image source="big-arrows.png" width="128" height="32"/>
</tileset>

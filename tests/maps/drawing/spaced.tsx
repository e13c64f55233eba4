<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="spaced" tilewidth="16" tileheight="16" spacing="2" margin="1" tilecount="4" columns="4">
 <tileoffset x="3" y="-2"/>
 <image source="spaced.png" width="72" height="18"/>
</tileset>

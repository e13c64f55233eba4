<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="keyed collection" tilewidth="16" tileheight="24" tilecount="1" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0">
  <image width="16" height="24" trans="#ff00ff" source="collection/keyed-sign.png"/>
 </tile>
</tileset>

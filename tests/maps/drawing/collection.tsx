<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="collection" tilewidth="16" tileheight="24" tilecount="4" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0">
  <image width="16" height="16" source="collection/tile0.png"/>
 </tile>
 <tile id="1">
  <image width="16" height="16" source="collection/tile1.png"/>
 </tile>
 <tile id="2">
  <image width="16" height="16" source="collection/tile2.png"/>
 </tile>
 <tile id="5">
  <image width="16" height="24" source="collection/tree.png"/>
 </tile>
</tileset>

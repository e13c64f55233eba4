<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="test" tilewidth="32" tileheight="32" tilecount="4" columns="4">
 <properties>
    <property name="loot" type="class" propertytype="Loot">
     <properties>
      <property name="gold" type="int" value="5"/>
     </properties>
    </property>
 </properties>
 <image source="tiles.png" width="128" height="32"/>
 <tile id="0">
  <properties>
    <property name="loot" type="class" propertytype="Loot">
     <properties>
      <property name="gold" type="int" value="5"/>
     </properties>
    </property>
   <property name="terrain" value="grass"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="shallow_water"/>
   <property name="blocked" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="mountain"/>
   <property name="blocked" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="road"/>
  </properties>
 </tile>
</tileset>

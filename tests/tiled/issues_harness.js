// Test harness for maps/extensions/narby-check.js (tests/test_tiled_extension.py):
// Tiled 1.8 has no --evaluate, so this registers a map "format" whose writer runs the
// extension's check on the map being exported and writes one line per issue, with the
// object or layer that activating the issue would select.
tiled.registerMapFormat("narbyissues", {
    name: "Narby Conquest issues (test harness)",
    extension: "narbyissues",
    write: function (map, fileName) {
        var tmx = fileName.replace(/\.narbyissues$/, ".tmx");
        var lines = narbyIssues(tmx).map(function (issue) {
            var about = issue.about, found = "";
            if (about && about.object !== null) {
                var object = findObject(map, about.object);
                found = object ? "selects object " + object.id + " on layer '"
                    + object.layer.name + "'" : "object not found";
            } else if (about && about.layer !== null) {
                var layer = findLayer(map, about.layer);
                found = layer ? "selects layer '" + layer.name + "'" : "layer not found";
            }
            return issue.kind + "\t" + issue.text + "\t" + found;
        });
        var file = new TextFile(fileName, TextFile.WriteOnly);
        file.write(lines.join("\n") + "\n");
        file.commit();
        return "";
    }
});

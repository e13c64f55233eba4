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
            var found = "";
            if (issue.about) {
                var t = target(map, issue.about);
                found = t.object ? "selects object " + t.object.id + " on layer '"
                    + t.object.layer.name + "'" : (t.layer ? "selects layer '"
                    + t.layer.name + "'" : "selects no layer")
                    + (t.cell ? ", cell (" + t.cell[0] + ", " + t.cell[1] + ")" : "")
                    + ", shows " + t.properties;
            }
            return issue.kind + "\t" + issue.text + "\t" + found;
        });
        var file = new TextFile(fileName, TextFile.WriteOnly);
        file.write(lines.join("\n") + "\n");
        file.commit();
        return "";
    }
});

// Which saved files the extension checks (its assetSaved handler, `check`): the writer
// hands `check` pretend saved assets and records the files it asked the checker about.
tiled.registerMapFormat("narbygate", {
    name: "Narby Conquest check gate (test harness)",
    extension: "narbygate",
    write: function (map, fileName) {
        var asked = [];
        var real = narbyIssues;
        narbyIssues = function (file) { asked.push(file); return []; };
        try {
            ["m.tmx", "m.tmj", "m.json", "M.TMJ", "m.tsx", "m.tsj", "m.tx", "m.txt"]
                .forEach(function (name) {
                    check({isTileMap: true, fileName: "/maps/" + name});
                });
            check({isTileMap: false, fileName: "/maps/tileset.tmx"});
        } finally {
            narbyIssues = real;
        }
        var file = new TextFile(fileName, TextFile.WriteOnly);
        file.write(asked.join("\n") + "\n");
        file.commit();
        return "";
    }
});

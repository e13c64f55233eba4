/*
 * Narby Conquest map check, inside Tiled (issue 35).
 *
 * Each time a map is saved, runs `narby check-map --json` on it and lists every
 * problem in Tiled's Issues view (View > Views and Toolbars > Issues) as an error,
 * and the checker's notes (what the board draws its own way) as warnings.
 * Activating an issue (double-click or Enter) selects what it is about and scrolls to
 * it: the object, else the layer (its properties shown), and a cell named in the
 * message; a problem with a map property shows the map's properties.
 *
 * The project (maps/narby.tiled-project) points at this folder, so Tiled loads it
 * when the project is open. `narby` must be on Tiled's PATH, as for the project's
 * Preview and Play commands; when it is not, one warning says so and nothing else.
 */

/* global tiled, Process, Qt */

var NARBY = "narby";

function findLayer(container, name) {
    for (var i = 0; i < container.layerCount; ++i) {
        var layer = container.layerAt(i);
        if (layer.name === name)
            return layer;
        if (layer.isGroupLayer) {
            var inner = findLayer(layer, name);
            if (inner)
                return inner;
        }
    }
    return null;
}

function findObject(container, id) {
    for (var i = 0; i < container.layerCount; ++i) {
        var layer = container.layerAt(i);
        if (layer.isObjectLayer) {
            var objects = layer.objects;
            for (var j = 0; j < objects.length; ++j)
                if (objects[j].id === id)
                    return objects[j];
        } else if (layer.isGroupLayer) {
            var found = findObject(layer, id);
            if (found)
                return found;
        }
    }
    return null;
}

function centerOn(map, x, y) {
    var view = tiled.mapEditor ? tiled.mapEditor.currentMapView : null;
    if (view)
        view.centerOn(x, y);
}

/*
 * What activating an issue selects, found in the open map: its object (whose layer
 * Tiled then makes current), else its layer, and the cell named in the message; with
 * no object or layer, the map's properties are shown (a map property, empty cells).
 */
function target(map, about) {
    var object = about.object !== null ? findObject(map, about.object) : null;
    var layer = !object && about.layer !== null ? findLayer(map, about.layer) : null;
    return {object: object, layer: layer, cell: object ? null : about.cell,
            properties: object ? null : layer ? "LayerProperties" : "MapProperties"};
}

function selector(fileName, about) {
    return function () {
        var map = tiled.open(fileName);  // brings the map's tab forward (or reopens it)
        if (!map || !map.isTileMap)
            return;
        tiled.activeAsset = map;
        var found = target(map, about);
        if (found.object) {
            map.selectedObjects = [found.object];  // also shown in the Properties view
            centerOn(map, found.object.x + found.object.width / 2,
                     found.object.y + found.object.height / 2);
            return;
        }
        if (found.layer) {
            map.selectedObjects = [];  // else the Properties view stays on that object
            map.currentLayer = found.layer;
            map.selectedLayers = [found.layer];
        }
        if (found.cell !== null) {
            map.selectedArea.set(Qt.rect(found.cell[0], found.cell[1], 1, 1));
            centerOn(map, (found.cell[0] + 0.5) * map.tileWidth,
                     (found.cell[1] + 0.5) * map.tileHeight);
        }
        tiled.trigger(found.properties);  // Layer or Map Properties: where the fix is made
    };
}

/*
 * The issues for one map file: [{kind: "error" | "warn" | "log", text, about}], from
 * `narby check-map --json` (about: {object, layer, cell} or null).
 */
function narbyIssues(fileName) {
    var process = new Process();
    var code;
    try {
        code = process.exec(NARBY, ["check-map", "--json", fileName], false);
    } catch (e) {
        code = -2;
    }
    var out = process.readStdOut();
    var report = null;
    try {
        report = JSON.parse(out);
    } catch (e) {
        report = null;
    }
    if (!report || !report.files) {
        var why = code < 0 ? "could not run '" + NARBY + "' to check the map (is it on "
            + "Tiled's PATH?)" : "the map check gave no report: "
            + (process.readStdErr() || out).split("\n")[0];
        return [{kind: "warn", text: "Narby Conquest: " + why, about: null}];
    }
    var issues = [];
    report.files.forEach(function (file) {
        file.problems.forEach(function (p) {
            var where = p.where ? p.where + ": " : "";
            issues.push({kind: "error", about: p,
                         text: "Narby Conquest: " + where + p.what + " — " + p.fix});
        });
        file.notes.forEach(function (n) {
            issues.push({kind: "warn", about: n,
                         text: "Narby Conquest note: " + n.where + ": " + n.what});
        });
        var count = file.problems.length;
        // Tiled 1.8 lets an extension add issues but not take them back: this line in
        // the Console says how many are current (the Issues view's Clear drops the rest)
        issues.push({kind: "log", about: null, text: "Narby Conquest: " + (file.ok
            ? file.summary : file.file.split(/[\\/]/).pop() + ": " + count
            + (count === 1 ? " problem" : " problems"))});
    });
    return issues;
}

function check(asset) {
    if (!asset || !asset.isTileMap || !/\.(tmx|tmj|json)$/i.test(asset.fileName))
        return;
    narbyIssues(asset.fileName).forEach(function (issue) {
        var activated = issue.about ? selector(asset.fileName, issue.about) : function () {};
        if (issue.kind === "error")
            tiled.error(issue.text, activated);
        else if (issue.kind === "warn")
            tiled.warn(issue.text, activated);
        else
            tiled.log(issue.text);
    });
}

tiled.assetSaved.connect(check);

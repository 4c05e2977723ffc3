// kubectl's output building blocks: ages and durations, aligned tables, -o json, -o yaml.
#pragma once

#include "value.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace schedlab::kube {

// apimachinery's HumanDuration: "0s", "119s", "2m3s", "10m", "3h5m", "2d4h", "<invalid>"...
QString humanDuration(qint64 seconds);

// Go's text/tabwriter as kubectl configures it (minwidth 6, tabwidth 4, padding 3, spaces):
// cells of a row are tab-separated; every cell but a row's last is padded to its column's
// width; a column runs over consecutive rows that have a cell there.
class TabWriter
{
public:
    // kubectl's tables use (6, 3); `kubectl describe` uses (0, 2).
    explicit TabWriter(int minWidth = 6, int padding = 3)
        : minWidth_(minWidth)
        , padding_(padding)
    {}
    void addRow(const QStringList &cells) { rows_.append(cells); }
    // Text with tabs and newlines, as describe writes it: one row per line.
    void addText(const QString &text);
    QString text() const; // every row ends with "\n"
    bool isEmpty() const { return rows_.isEmpty(); }

private:
    QList<QStringList> rows_;
    int minWidth_;
    int padding_;
};

// `kubectl get -o json`: encoding/json's MarshalIndent with four spaces, map keys sorted,
// a final newline.
QString toJson(const Value &value);
// `kubectl get -o yaml`: sigs.k8s.io/yaml (go-yaml v2) output: keys sorted, two-space
// indent, list items at their key's indentation, strings quoted only when they would read
// back as something else (numbers, booleans, null, timestamps, special characters).
QString toYaml(const Value &value);
// encoding/json's Marshal (what jsonpath prints for a map or a list): no spaces, keys sorted.
QString toCompactJson(const Value &value);
// A float64 as fmt's %v writes it (strconv 'g', shortest): "1.5", "1e+06", "1e-05".
QString goFloatText(double f);

} // namespace schedlab::kube

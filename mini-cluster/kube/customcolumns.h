// kubectl's -o custom-columns and -o custom-columns-file (pkg/cmd/get/customcolumn.go): a
// header row as given, then one row per object, each cell a JSONPath read with missing keys
// allowed, aligned by the same tabwriter as kubectl's tables.
#pragma once

#include "value.h"

#include <QList>
#include <QString>

namespace schedlab::kube {

struct CustomColumn
{
    QString header;
    QString fieldSpec; // a JSONPath template, "{.metadata.name}"
};

// "NAME:.metadata.name,STATUS:.status.phase". False with kubectl's message.
bool parseCustomColumnsSpec(const QString &spec, QList<CustomColumn> *columns, QString *error);
// A -file: one line of headers, one line of paths, separated by blanks.
bool parseCustomColumnsTemplate(const QString &text, QList<CustomColumn> *columns, QString *error);

// The table for `objects`. On an error (a template that does not parse, a path that fails)
// `out` holds what kubectl had written before it stopped.
bool printCustomColumns(const QList<CustomColumn> &columns, const QList<Value> &objects,
                        bool noHeaders, QString *out, QString *error);

} // namespace schedlab::kube

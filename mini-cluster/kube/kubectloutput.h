// The printers behind `kubectl get -o ...`: which one the flags ask for (get's PrintFlags, in
// kubectl's order), and the generic ones that print objects rather than the server's tables
// (json, yaml, name, jsonpath, custom-columns, go-template).
#pragma once

#include "customcolumns.h"
#include "invocation.h"
#include "value.h"

#include <QHash>
#include <QList>
#include <QString>

#include <memory>

namespace schedlab::kube {

struct KubectlArgs;
using NamedFiles = QHash<QString, FileAnswer>;
class JsonPath;
class GoTemplate;

class OutputPrinter
{
public:
    enum class Format { Table, Wide, Json, Yaml, Name, JsonPath, CustomColumns, GoTemplate };

    OutputPrinter();
    ~OutputPrinter();

    // From -o, --template, --no-headers and --allow-missing-template-keys; the -file forms
    // come from `files` (read by the client, by templateFile()'s path). False with kubectl's
    // message ("template format specified but no template given", "error parsing jsonpath ...",
    // "unable to match a printer ...").
    bool configure(const KubectlArgs &args, const NamedFiles &files, QString *error);
    // The file -o jsonpath-file= / go-template-file= / custom-columns-file= names, or empty.
    static QString templateFile(const KubectlArgs &args);
    Format format() const { return format_; }
    bool isTable() const { return format_ == Format::Table || format_ == Format::Wide; }

    // Prints `object`: the List kubectl makes of what it got, or the one object asked for by
    // name. False with the text kubectl prints after "error: "; `out` then holds what kubectl
    // had written before it stopped.
    bool print(const Value &object, QString *out, QString *error);

private:
    bool configureTemplate(const QString &output, const QString &templateArg,
                           const NamedFiles &files, bool *matched, QString *error);
    bool configureColumns(const QString &output, const QString &templateArg,
                          const NamedFiles &files, bool *matched, QString *error);
    bool printJsonPath(const Value &object, QString *out, QString *error);

    Format format_ = Format::Table;
    QString template_;
    bool allowMissingKeys_ = true;
    bool noHeaders_ = false;
    QList<CustomColumn> columns_;
    std::unique_ptr<JsonPath> jsonPath_;
    std::unique_ptr<GoTemplate> goTemplate_;
};

// The items of a List (or the object itself when it is not one), as kubectl's printers
// flatten what they are given.
QList<Value> itemsOf(const Value &object);

} // namespace schedlab::kube

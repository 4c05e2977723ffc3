// kubectl's JSONPath templates (client-go's util/jsonpath, as kubectl 1.31 ships it): the
// parser, the evaluation on a decoded object, and the text `-o jsonpath` prints.
#pragma once

#include "value.h"

#include <QList>
#include <QString>

#include <memory>

namespace schedlab::kube {

namespace jsonpath {
struct Node;
}

class JsonPath
{
public:
    // One result of a template step. Go keeps apart a JSON null (a nil interface) and no value
    // at all (what an empty {range} walks on), and prints literals by their own Go types.
    struct Item
    {
        enum class Origin { Data, IntLiteral, Byte };
        Value value;
        bool valid = true;
        Origin origin = Origin::Data;
    };
    using Results = QList<Item>;

    JsonPath();
    ~JsonPath();
    JsonPath(const JsonPath &) = delete;
    JsonPath &operator=(const JsonPath &) = delete;

    // False on a syntax error, with the parser's message ("unterminated array").
    bool parse(const QString &text, QString *error);
    // kubectl sets it from --allow-missing-template-keys (true unless given false);
    // custom-columns always allow missing keys.
    void setAllowMissingKeys(bool allow) { allowMissingKeys_ = allow; }
    // -o jsonpath-as-json: each group of results printed as an indented JSON array.
    void setJsonOutput(bool json) { jsonOutput_ = json; }

    // The groups of results, one per template part, as custom-columns and --sort-by read them.
    // False with the engine's message ("foo is not found", "array index out of bounds: ...").
    bool findResults(const Value &data, QList<Results> *results, QString *error);
    // What kubectl writes: the groups printed one after the other, values within a group
    // separated by a space, maps and lists as compact JSON, no final newline.
    bool execute(const Value &data, QString *out, QString *error);

private:
    bool findResults(const Item &data, int first, QList<Results> *results, QString *error);
    void printResults(const Results &results, QString *out) const;

    std::unique_ptr<jsonpath::Node> root_;
    bool allowMissingKeys_ = false;
    bool jsonOutput_ = false;
    int beginRange_ = 0;
    int inRange_ = 0;
    int endRange_ = 0;
    int lastEndNode_ = -1;
    friend class JsonPathEvaluator;
};

// kubectl's RelaxedJSONPathExpression (custom-columns, --sort-by): "metadata.name",
// ".metadata.name", "{metadata.name}" and "{.metadata.name}" all become "{.metadata.name}".
// False with kubectl's message when the text is none of those.
bool relaxedJsonPathExpression(const QString &path, QString *expression, QString *error);

} // namespace schedlab::kube

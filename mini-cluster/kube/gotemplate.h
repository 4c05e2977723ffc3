// kubectl's -o go-template (cli-runtime's GoTemplatePrinter on Go's text/template): the parts of
// the template language people write in kubectl one-liners. Actions print values with %v,
// {{range}}, {{if}}/{{else if}}/{{else}}, {{with}}, variables, ( ) and | pipelines, and the
// functions index, len, eq, ne, lt, le, gt, ge, and, or, not, print, printf, println, exists
// and base64decode. Missing: {{define}}/{{template}}/{{block}}, break/continue, and printf's
// width and precision flags.
#pragma once

#include "value.h"

#include <QString>

#include <memory>

namespace schedlab::kube {

namespace gotemplate {
struct Node;
}

class GoTemplate
{
public:
    GoTemplate();
    ~GoTemplate();
    GoTemplate(const GoTemplate &) = delete;
    GoTemplate &operator=(const GoTemplate &) = delete;

    // False with text/template's message: "template: output:1: unclosed action".
    bool parse(const QString &text, QString *error);
    // missingkey=default when allowed (a missing key prints <no value>), missingkey=error else.
    void setAllowMissingKeys(bool allow) { allowMissingKeys_ = allow; }
    // Runs the template on `data` as text/template does: output as it goes. False with the
    // engine's message ("template: output:1:2: executing \"output\" at <.a.b>: ...").
    bool execute(const Value &data, QString *out, QString *error) const;
    // What kubectl's printer does: on an error it also writes its debugging help to the output
    // and answers "error executing template ...".
    bool print(const Value &object, const QString &rawTemplate, QString *out, QString *error) const;

private:
    std::unique_ptr<gotemplate::Node> root_;
    QString text_;
    bool allowMissingKeys_ = true;
};

} // namespace schedlab::kube

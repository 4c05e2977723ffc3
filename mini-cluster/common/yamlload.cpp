// Guarded YAML loading: a pre-scan and a pass over yaml-cpp's events refuse what would
// take unbounded time, memory or stack (deep nesting, aliases that contain themselves, a
// "billion laughs"), then yaml-cpp builds the Node.
#include "yamlload.h"

#include "safefiles.h"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

namespace schedlab {

namespace {

// A problem found before yaml-cpp's Node is built; `line0` is 0-based in the text, -1 for
// the whole text.
struct Refusal
{
    int line0;
    QString problem;
};

QString depthProblem(int maxDepth)
{
    return QStringLiteral("nested deeper than %1 levels").arg(maxDepth);
}

// yaml-cpp queues every token of nested flow collections ("[[[[...") before the parser
// sees the first one: their depth is checked on the text. Only a bracket that opens a node
// counts (in block context a plain scalar may hold "[" in its middle); quoted scalars and
// comments are skipped.
int flowDepthExceeded(const std::string &text, int maxDepth)
{
    int flow = 0;
    int line0 = 0;
    char previous = '\n'; // the last character that was not a blank
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n') {
            ++line0;
            previous = '\n';
            continue;
        }
        if (c == ' ' || c == '\t')
            continue;
        const bool blankBefore =
            i == 0 || text[i - 1] == ' ' || text[i - 1] == '\t' || text[i - 1] == '\n';
        const bool startsNode =
            previous == '\n' || previous == '[' || previous == '{' || previous == ',' ||
            ((previous == ':' || previous == '-' || previous == '?') && blankBefore);
        if (c == '#' && blankBefore) {
            while (i + 1 < text.size() && text[i + 1] != '\n')
                ++i;
            continue;
        }
        if ((c == '"' || c == '\'') && startsNode) {
            // A quoted scalar, which may run over lines: "\" escapes in double quotes,
            // '' in single ones.
            for (++i; i < text.size(); ++i) {
                if (text[i] == '\n')
                    ++line0;
                else if (c == '"' && text[i] == '\\')
                    ++i;
                else if (text[i] == c) {
                    if (c == '\'' && i + 1 < text.size() && text[i + 1] == '\'')
                        ++i;
                    else
                        break;
                }
            }
            previous = c;
            continue;
        }
        if ((c == '[' || c == '{') && (flow > 0 || startsNode)) {
            if (++flow > maxDepth)
                return line0;
        } else if ((c == ']' || c == '}') && flow > 0) {
            --flow;
        } else if (flow == 0 && (c == '[' || c == '{')) {
            previous = 'x'; // inside a plain scalar: the next bracket opens nothing either
            continue;
        }
        previous = c;
    }
    return -1;
}

// Walks yaml-cpp's events as go-yaml v2 decodes: every node counts, a node reached through
// an alias counts with its whole subtree, and too large a share of aliased nodes fails.
class Guard final : public YAML::EventHandler
{
public:
    explicit Guard(const YamlLimits &limits)
        : limits_(limits)
    {}

    void OnDocumentStart(const YAML::Mark &) override {}
    void OnDocumentEnd() override {}
    void OnAnchor(const YAML::Mark &, const std::string &name) override { anchorName_ = name; }
    void OnNull(const YAML::Mark &mark, YAML::anchor_t anchor) override { leaf(mark, anchor); }
    void OnScalar(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor,
                  const std::string &) override
    {
        leaf(mark, anchor);
    }
    void OnSequenceStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor,
                         YAML::EmitterStyle::value) override
    {
        open(mark, anchor);
    }
    void OnSequenceEnd() override { close(); }
    void OnMapStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor,
                    YAML::EmitterStyle::value) override
    {
        open(mark, anchor);
    }
    void OnMapEnd() override { close(); }

    void OnAlias(const YAML::Mark &mark, YAML::anchor_t anchor) override
    {
        const auto it = anchors_.find(anchor);
        if (it == anchors_.end())
            return add(1, 0); // yaml-cpp refuses an unknown anchor itself
        const Anchored &target = it->second;
        if (target.open)
            throw Refusal{mark.line, QStringLiteral("alias *%1 refers to the node that contains it "
                                                    "(the value would never end)")
                                         .arg(target.name)};
        decodeCount_ += 1 + target.count;
        aliasCount_ += target.count;
        if (yamlguards::excessiveAliasing(aliasCount_, decodeCount_) ||
            decodeCount_ > limits_.maxNodes)
            throw Refusal{
                mark.line,
                QStringLiteral("too many aliases: expanding *%1 would make the "
                               "document larger than %2 nodes")
                    .arg(target.name)
                    .arg(decodeCount_ > limits_.maxNodes ? limits_.maxNodes : decodeCount_)};
        if (int(frames_.size()) + target.height > limits_.maxDepth)
            throw Refusal{mark.line, depthProblem(limits_.maxDepth)};
        add(1 + target.count, target.height);
    }

private:
    struct Frame
    {
        YAML::anchor_t anchor = 0;
        qint64 count = 1; // nodes of the subtree, aliases expanded
        int height = 1;   // collections nested in this one, itself included
    };

    struct Anchored
    {
        qint64 count = 1;
        int height = 0;
        QString name;
        bool open = false;
    };

    void count(const YAML::Mark &mark)
    {
        if (++decodeCount_ > limits_.maxNodes)
            throw Refusal{mark.line, QStringLiteral("more than %1 nodes").arg(limits_.maxNodes)};
    }

    void leaf(const YAML::Mark &mark, YAML::anchor_t anchor)
    {
        count(mark);
        if (anchor != 0)
            anchors_[anchor] = Anchored{1, 0, takeAnchorName(), false};
        add(1, 0);
    }

    void open(const YAML::Mark &mark, YAML::anchor_t anchor)
    {
        if (int(frames_.size()) >= limits_.maxDepth)
            throw Refusal{mark.line, depthProblem(limits_.maxDepth)};
        count(mark);
        if (anchor != 0)
            anchors_[anchor] = Anchored{1, 1, takeAnchorName(), true};
        frames_.push_back(Frame{anchor, 1, 1});
    }

    void close()
    {
        if (frames_.empty())
            return;
        const Frame frame = frames_.back();
        frames_.pop_back();
        if (frame.anchor != 0)
            anchors_[frame.anchor] =
                Anchored{frame.count, frame.height, anchors_[frame.anchor].name, false};
        add(frame.count, frame.height);
    }

    void add(qint64 nodes, int height)
    {
        if (frames_.empty())
            return;
        frames_.back().count += nodes;
        frames_.back().height = std::max(frames_.back().height, height + 1);
    }

    QString takeAnchorName()
    {
        const QString name = QString::fromStdString(anchorName_);
        anchorName_.clear();
        return name;
    }

    const YamlLimits &limits_;
    std::vector<Frame> frames_;
    std::unordered_map<YAML::anchor_t, Anchored> anchors_;
    std::string anchorName_;
    qint64 decodeCount_ = 0;
    qint64 aliasCount_ = 0;
};

YamlLoad refused(const QString &path, int firstLine, int line0, const QString &problem)
{
    YamlLoad load;
    load.line = line0 >= 0 ? firstLine + line0 : 0;
    load.problem = problem;
    load.error = load.line > 0 ? QStringLiteral("%1:%2: %3").arg(path).arg(load.line).arg(problem)
                               : QStringLiteral("%1: %2").arg(path, problem);
    return load;
}

QString describe(const YAML::Exception &e)
{
    if (dynamic_cast<const YAML::DeepRecursion *>(&e))
        return QStringLiteral("nested too deeply");
    return QString::fromStdString(e.msg);
}

} // namespace

YamlLoad loadYaml(const QByteArray &text, const QString &path, int firstLine,
                  const YamlLimits &limits)
{
    if (text.size() > limits.maxBytes)
        return refused(path, firstLine, -1,
                       QStringLiteral("%1 bytes, more than the %2 a YAML file may have")
                           .arg(text.size())
                           .arg(limits.maxBytes));
    const std::string bytes = text.toStdString();
    if (const int line0 = flowDepthExceeded(bytes, limits.maxDepth); line0 >= 0)
        return refused(path, firstLine, line0, depthProblem(limits.maxDepth));
    try {
        std::istringstream stream(bytes);
        YAML::Parser parser(stream);
        Guard guard(limits);
        parser.HandleNextDocument(guard);
        YamlLoad load;
        load.root = YAML::Load(bytes);
        return load;
    } catch (const Refusal &r) {
        return refused(path, firstLine, r.line0, r.problem);
    } catch (const YAML::Exception &e) {
        return refused(path, firstLine, e.mark.line, describe(e));
    } catch (const std::exception &e) { // std::bad_alloc, a stream's failure
        return refused(path, firstLine, -1, QString::fromLocal8Bit(e.what()));
    }
}

YamlLoad loadYamlFile(const QString &path, const YamlLimits &limits)
{
    const files::ReadResult read = files::readFile(path, limits.maxBytes);
    if (!read.ok()) {
        YamlLoad load;
        load.problem = read.error;
        load.error = read.error;
        return load;
    }
    return loadYaml(read.bytes, path, 1, limits);
}

QString yamlErrorMessage(const YAML::Exception &e, const QString &path, int firstLine)
{
    if (e.mark.line < 0)
        return QStringLiteral("%1: %2").arg(path, describe(e));
    return QStringLiteral("%1:%2: %3").arg(path).arg(firstLine + e.mark.line).arg(describe(e));
}

} // namespace schedlab

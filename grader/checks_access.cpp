// Checkers of exercise 4's access sheet: the date of the account request, the public key's
// path, its fingerprint (checked against the key when it is there), the required sentence,
// and no private key anywhere.
#include "checkers.h"

#include "accessfacts.h"
#include "secrets.h"

#include <QDir> // file-access: trusted (homePath, on the student's own machine only)
#include <QRegularExpression>

namespace schedlab::grader {

namespace {

QString lineQuote(const QString &text, int line)
{
    return QStringLiteral("ligne %1 : %2")
        .arg(line)
        .arg(text.section(u'\n', line - 1, line - 1).trimmed());
}

// The course asks for the date the account was requested, or found already open: any day
// before the session counts, whatever the year (an account opened for an earlier course and
// checked then is still an account); a day after it does not. The session's date is the
// rubric's (`session:`, set by the instructor for the class).
CheckOutcome checkDate(const Criterion &c, CheckContext &ctx)
{
    const SubmittedFile &f = ctx.file(c.file);
    if (!f.usable())
        return unusableFile(f, c.file);
    const QDate session =
        QDate::fromString(c.params.value(QStringLiteral("session")).toString(), Qt::ISODate);
    CheckOutcome out;
    if (!session.isValid()) {
        out.confidence = 0; // nothing to compare with: an instructor decides
        out.note = QStringLiteral("La grille ne donne pas la date de la séance (session: "
                                  "AAAA-MM-JJ) : la date ne peut pas être jugée.");
        return out;
    }
    std::optional<DateFound> before, onSession, after;
    for (const DateFound &d : findDates(f.text, session.year())) {
        if (d.date < session)
            before = before ? before : d;
        else if (d.date == session)
            onSession = onSession ? onSession : d;
        else
            after = after ? after : d;
    }
    if (before) {
        out.passed = true;
        out.evidence = lineQuote(f.text, before->line);
    } else if (onSession) {
        // Most likely the session's own date, copied from the statement; possibly a check
        // made that morning.
        out.passed = true;
        out.confidence = 0.5;
        out.evidence = lineQuote(f.text, onSession->line);
        out.note = QStringLiteral("La seule date trouvée est celle de la séance.");
    } else if (after) {
        out.evidence = lineQuote(f.text, after->line);
        out.note = QStringLiteral("La date trouvée (%1) est postérieure à la séance (%2).")
                       .arg(after->text, session.toString(QStringLiteral("dd/MM/yyyy")));
    } else {
        out.note = QStringLiteral("Aucune date n'a été trouvée dans %1.").arg(c.file);
    }
    return out;
}

CheckOutcome checkPublicKeyPath(const Criterion &c, CheckContext &ctx)
{
    const SubmittedFile &f = ctx.file(c.file);
    if (!f.usable())
        return unusableFile(f, c.file);
    CheckOutcome out;
    const QList<PathFound> paths = findPublicKeyPaths(f.text);
    if (!paths.isEmpty()) {
        out.passed = true;
        out.evidence = lineQuote(f.text, paths.first().line);
        return out;
    }
    static const QRegularExpression privatePath(
        QStringLiteral("[~/$\\w.{}-]*id_(ed25519|rsa|ecdsa)[\\w-]*(?!\\.pub)\\b"));
    const QRegularExpressionMatch m = privatePath.match(f.text);
    if (m.hasMatch()) {
        out.evidence = m.captured(0);
        out.note = QStringLiteral("« %1 » est le chemin de la clé privée : la clé publique est le "
                                  "fichier qui finit par .pub.")
                       .arg(m.captured(0));
    } else {
        out.note = QStringLiteral("Aucun chemin de fichier .pub n'a été trouvé.");
    }
    return out;
}

// A public key is one line of a few hundred bytes.
constexpr qint64 kMaxPublicKeyBytes = 16 * 1024;

QString expandHome(QString path)
{
    path.remove(u'`').remove(u'"').remove(u'\'');
    for (const char *home : {"~/", "$HOME/", "${HOME}/"})
        if (path.startsWith(QLatin1String(home)))
            return QDir::homePath() + u'/' + // file-access: trusted (the student's own home)
                   path.mid(qsizetype(qstrlen(home)));
    return path;
}

// The public key the student handed in, if any: a .pub file in the folder, a key line in the
// sheet itself, or, on their own machine, the file the sheet names.
std::optional<PublicKeyInfo> handedInKey(CheckContext &ctx, const QString &sheet)
{
    QStringList candidates;
    const ExerciseSubmission &s = ctx.submission();
    // Only regular files of the folder: a link to the instructor's own key is not read.
    if (!s.root.isEmpty())
        for (const files::DirEntry &e : files::listBelow(s.root, s.relativeDir))
            if (e.type == files::EntryType::File && e.name.endsWith(QLatin1String(".pub")))
                candidates << readSubmittedFile(s.root, s.relativeDir, e.name).text.trimmed();
    if (ctx.onStudentMachine())
        for (const PathFound &p : findPublicKeyPaths(ctx.file(sheet).text)) {
            const files::ReadResult key = files::readFile(expandHome(p.path), kMaxPublicKeyBytes);
            if (key.ok())
                candidates << scanForPrivateKeys(QString::fromUtf8(key.bytes)).masked.trimmed();
        }
    for (const QString &line : ctx.file(sheet).text.split(u'\n'))
        if (line.contains(QLatin1String("ssh-")) || line.contains(QLatin1String("ecdsa-")))
            candidates << line.trimmed().remove(u'`');
    for (const QString &candidate : candidates) {
        const PublicKeyInfo info = readPublicKey(candidate.section(u'\n', 0, 0));
        if (info.ok)
            return info;
    }
    return std::nullopt;
}

CheckOutcome checkFingerprint(const Criterion &c, CheckContext &ctx)
{
    const SubmittedFile &f = ctx.file(c.file);
    if (!f.usable())
        return unusableFile(f, c.file);
    CheckOutcome out;
    const QList<FingerprintFound> found = findFingerprints(f.text);
    std::optional<FingerprintFound> sha;
    for (const FingerprintFound &fp : found)
        if (fp.fingerprint.startsWith(QLatin1String("SHA256:")) && !sha)
            sha = fp;
    if (!sha) {
        out.note = found.isEmpty() ? QStringLiteral("Aucune empreinte SHA256:… n'a été trouvée.")
                                   : QStringLiteral("L'empreinte donnée est en MD5 : ssh-keygen "
                                                    "-lf affiche par défaut l'empreinte SHA256.");
        return out;
    }
    out.evidence = lineQuote(f.text, sha->line);
    const bool typeStated = sha->type.compare(QLatin1String("ED25519"), Qt::CaseInsensitive) == 0 ||
                            f.text.contains(QLatin1String("ed25519"), Qt::CaseInsensitive);
    if (!typeStated) {
        out.note = QStringLiteral("Le type de la clé (ED25519) doit accompagner l'empreinte.");
        return out;
    }
    if (!sha->type.isEmpty() &&
        sha->type.compare(QLatin1String("ED25519"), Qt::CaseInsensitive) != 0) {
        out.note =
            QStringLiteral("Cette empreinte est celle d'une clé %1, pas ed25519.").arg(sha->type);
        return out;
    }
    if (const auto key = handedInKey(ctx, c.file)) {
        if (key->fingerprint != sha->fingerprint) {
            out.note =
                QStringLiteral("L'empreinte ne correspond pas à la clé publique fournie (%1).")
                    .arg(key->fingerprint);
            return out;
        }
        out.note = QStringLiteral("Elle correspond à la clé publique fournie.");
    }
    out.passed = true;
    return out;
}

CheckOutcome checkSentence(const Criterion &c, CheckContext &ctx)
{
    const SubmittedFile &f = ctx.file(c.file);
    if (!f.usable())
        return unusableFile(f, c.file);
    CheckOutcome out;
    const QString sentence = c.params.value(QStringLiteral("sentence")).toString();
    const int slips = sentenceSlips(f.text, sentence);
    out.passed = slips >= 0;
    if (out.passed)
        out.evidence = sentence;
    if (slips > 0)
        out.note =
            slips == 1
                ? QStringLiteral("La phrase est recopiée avec une faute de frappe.")
                : QStringLiteral("La phrase est recopiée avec %1 fautes de frappe.").arg(slips);
    return out;
}

CheckOutcome checkNoPrivateKey(const Criterion &, CheckContext &ctx)
{
    CheckOutcome out;
    const QStringList found = ctx.submission().keysFound;
    out.passed = found.isEmpty();
    if (!out.passed) {
        out.evidence = found.join(QStringLiteral(", "));
        out.note = QStringLiteral("Une clé privée a été trouvée (%1) ; elle a été masquée et n'est "
                                  "ni affichée ni conservée. Considérez-la comme compromise : "
                                  "générez-en une autre.")
                       .arg(out.evidence);
    }
    return out;
}

} // namespace

void addAccessCheckers(CheckerTable &table)
{
    table.insert(QStringLiteral("access.date"), {checkDate});
    table.insert(QStringLiteral("access.public-key-path"), {checkPublicKeyPath});
    table.insert(QStringLiteral("access.fingerprint"), {checkFingerprint});
    table.insert(QStringLiteral("access.sentence"), {checkSentence});
    // It reads every file of the folder: it is about the whole hand-in, the rubric's `files`.
    table.insert(
        QStringLiteral("access.no-private-key"),
        {checkNoPrivateKey, [](const Criterion &, const Rubric &rubric) { return rubric.files; }});
}

} // namespace schedlab::grader

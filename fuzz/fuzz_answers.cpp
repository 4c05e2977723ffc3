// libFuzzer target: whatever a student writes, reading it as an answer must never crash,
// hang or leak: private keys masked, facts of the access sheet, concepts matched.
#include "accessfacts.h"
#include "secrets.h"
#include "textmatch.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace schedlab::grader;
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    const SecretScan scan = scanForPrivateKeys(text);
    (void)findDates(scan.masked, 2026); // the year of a session, for dates written without one
    (void)findPublicKeyPaths(scan.masked);
    (void)findFingerprints(scan.masked);
    (void)readPublicKey(scan.masked.section(u'\n', 0, 0));
    (void)containsSentence(scan.masked,
                           QStringLiteral("Connexion uniquement vers le nœud de login."));
    static const Concept ignored{QStringLiteral("ignoree"),
                                 {QStringLiteral("ignor*"), QStringLiteral("sans effet"),
                                  QStringLiteral("nom du job|nom du travail"),
                                  QStringLiteral("apres ... commande"), QStringLiteral("00:00:30")},
                                 {QStringLiteral("compt*"), QStringLiteral("lu|lue")},
                                 false};
    const TextMatcher matcher(scan.masked);
    (void)matcher.match(ignored);
    (void)matcher.matchIn(ignored, scan.masked.size() / 3, scan.masked.size() / 2);
    return 0;
}

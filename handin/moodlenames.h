// The names Moodle gives to what it hands out and takes back: the entries of "Download all
// submissions" (who, which plugin, which file), and the name a feedback file must have in the
// feedback-upload zip for Moodle to attach it to one participant (docs/moodle.md says where
// each rule comes from).
#pragma once

#include <QString>

#include <optional>

namespace schedlab::handin {

struct MoodleName
{
    QString fullName;      // "Camille Durand" (Moodle writes '_' in a name as a space)
    QString participantId; // "12345": the participant's id in this assignment (digits)
    QString pluginType;    // "assignsubmission" (or "assignfeedback")
    QString plugin;        // "file", "onlinetext", ...
    // What follows the plugin: the file name in the flat layout ("hand-in.zip"), empty for a
    // folder ("..._file_" before Moodle 4.1, "..._file" since) or "onlinetext.html" after
    // the online text's folder; with parseMoodlePath, the rest of the path too.
    QString rest;

    bool isOnlineText() const { return plugin == QLatin1String("onlinetext"); }
    bool isFile() const { return plugin == QLatin1String("file"); }
};

// One name from the download (a folder's or a file's, no '/'): "Full Name_12345_
// assignsubmission_file_" (a folder, Moodle 3.1 to 4.0), "Full Name_12345_assignsubmission_
// file" (a folder, Moodle 4.1 on), "Full Name_12345_assignsubmission_file_hand-in.zip" (the
// flat layout), "Full Name_12345_assignsubmission_onlinetext_onlinetext.html". The name is
// what comes before the first "_<digits>_assign...": a name holding underscores or accents
// is kept whole. nullopt for anything else.
std::optional<MoodleName> parseMoodleName(const QString &name);

// The first component of `path` ('/' or '\' separated) that parseMoodleName accepts, with
// the components after it joined to its rest by '/' ("Camille Durand_12_assignsubmission_
// file/sub/a.zip" -> rest "sub/a.zip"). nullopt when no component is one.
std::optional<MoodleName> parseMoodlePath(const QString &path);

// The name, in the feedback-upload zip, of the file `fileName` meant for participant
// `participantId` (digits) whose Moodle name is `fullName`: "Camille Durand_12345_
// assignfeedback_file_<fileName>". The name is made safe for Moodle's importer, which cuts
// each path component at its first four underscores: '_' becomes a space, path separators
// and characters Moodle's clean_filename drops are removed, and a leading '.' or '~' (a file
// the importer ignores as hidden) is dropped. Empty when participantId is not digits or
// fileName is empty.
QString feedbackUploadName(const QString &fullName, const QString &participantId,
                           const QString &fileName);

// What Moodle's feedback-zip importer (importziplib.php) makes of an entry's path: the
// participant id and plugin it finds, and the file name it stores. nullopt where it would
// skip the entry. Lets a test check feedbackUploadName against the importer's own rule.
struct MoodleImportTarget
{
    QString participantId;
    QString pluginType;
    QString plugin;
    QString fileName;
};
std::optional<MoodleImportTarget> moodleImporterReading(const QString &path);

} // namespace schedlab::handin

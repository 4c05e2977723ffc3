// Finding the private command folder.
#include "installpaths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace schedlab {

QString libexecDir()
{
    const QString env = qEnvironmentVariable("SCHEDLAB_LIBEXEC");
    if (!env.isEmpty())
        return env;
    const QString appDir = QCoreApplication::applicationDirPath();
    for (const QString &candidate :
         {appDir + QStringLiteral("/../libexec/schedlab"), QStringLiteral(SCHEDLAB_BUILD_LIBEXEC),
          QStringLiteral(SCHEDLAB_INSTALL_LIBEXEC)})
        if (QFileInfo::exists(candidate + QStringLiteral("/schedlab-client")))
            return QDir(candidate).canonicalPath();
    return QStringLiteral(SCHEDLAB_BUILD_LIBEXEC);
}

} // namespace schedlab

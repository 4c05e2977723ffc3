// Where the private command folder (schedlab-client, its links, schedlab-stepd) is, for the
// build tree and the installed tree alike.
#pragma once

#include <QString>

namespace schedlab {

// $SCHEDLAB_LIBEXEC if set; else ../libexec/schedlab beside the running executable, the
// build's folder, or the installed one, whichever holds schedlab-client.
QString libexecDir();

} // namespace schedlab

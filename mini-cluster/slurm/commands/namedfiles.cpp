// Which files a command line names, for the server to have the client read them first.
#include "commandcontext.h"
#include "kubectlcontext.h"

namespace schedlab {

QList<FileRequest> namedFiles(const Invocation &invocation)
{
    if (invocation.command == QLatin1String("sbatch"))
        return slurm::sbatchNamedFiles(invocation);
    if (invocation.command == QLatin1String("kubectl"))
        return kube::kubectlNamedFiles(invocation);
    return {};
}

} // namespace schedlab

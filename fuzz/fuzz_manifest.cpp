// libFuzzer target: the manifest reader must never crash, hang or throw, whatever the bytes.
#include "yamlreader.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const schedlab::kube::YamlReadResult result = schedlab::kube::readYamlDocuments(
        QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)));
    // Callers compare documents and look fields up: trees built through aliases must
    // survive that too (NaN makes a tree unequal to itself, so the result is not checked).
    for (const schedlab::kube::YamlDocument &document : result.documents) {
        (void)(document.root == document.root);
        (void)document.root[QStringLiteral("kind")].toString().size();
    }
    return 0;
}

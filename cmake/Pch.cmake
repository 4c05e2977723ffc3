# Precompiled headers: the Qt and standard headers nearly every file includes are parsed once
# per library, and once for all the tests of one kind, instead of once per file — about a
# third of each build's time on two cores. SCHEDLAB_PCH=OFF compiles every file on its own
# (to check that each includes what it uses).
option(SCHEDLAB_PCH "Precompile the common Qt and standard headers" ON)

set(SCHEDLAB_PCH_CORE
  <algorithm> <functional> <memory> <optional> <string> <vector>
  <QByteArray> <QCoreApplication> <QDateTime> <QDir> <QFile> <QFileInfo> <QHash> <QList>
  <QObject> <QRegularExpression> <QSet> <QString> <QStringList>)
set(SCHEDLAB_PCH_WIDGETS ${SCHEDLAB_PCH_CORE}
  <QHBoxLayout> <QLabel> <QLineEdit> <QMessageBox> <QPlainTextEdit> <QPushButton> <QTimer>
  <QVBoxLayout> <QWidget>)

# schedlab_precompile(TARGET CORE|WIDGETS): TARGET's own precompiled header.
function(schedlab_precompile target kind)
  if(SCHEDLAB_PCH)
    target_precompile_headers(${target} PRIVATE ${SCHEDLAB_PCH_${kind}})
  endif()
endfunction()

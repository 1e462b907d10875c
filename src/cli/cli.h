#pragma once

#include <QCoreApplication>
#include <QStringList>
#include <QTextStream>

namespace Skein {

// skein-cli: the headless face of the same AppContext the GUI uses. Commands print results on
// stdout and one-line errors on stderr; run() returns the process exit status.
class Cli final
{
    Q_DECLARE_TR_FUNCTIONS(Skein::Cli)
    Q_DISABLE_COPY_MOVE(Cli)

public:
    Cli(QTextStream &out, QTextStream &err);
    int run(const QStringList &arguments);

private:
    static QString commandSummary();
    int fail(const QString &message, int status = 1);

    QTextStream &m_out;
    QTextStream &m_err;
};

} // namespace Skein

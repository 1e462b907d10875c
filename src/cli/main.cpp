// skein-cli: the same AppContext as the GUI, no widgets.
#include "cli.h"
#include "core/appinfo.h"

#include <QCoreApplication>
#include <cstdio>

int main(int argc, char **argv)
{
    Skein::AppInfo::apply();
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    QTextStream err(stderr);
    Skein::Cli cli(out, err);
    return cli.run(QCoreApplication::arguments());
}

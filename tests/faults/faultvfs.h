/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QString>

// A test VFS: a thin sqlite3_vfs shim over SQLite's own "unix" VFS, registered as the default in
// the test process. QtSql's QSQLITE driver and the sqlite3 C API (backups) share one libsqlite3, so
// every connection opened after install() goes through it. It does two things on command:
//
// * Faults: the next matching read, write or fsync fails with an error code (SQLITE_IOERR_*,
//   SQLITE_FULL) instead of reaching the disk, once or from then on.
// * Power cut: it remembers what every file held at its last successful fsync (its durable image).
//   cutPower() (or cutPowerAfter(n), the n-th write or fsync from now) stops all further writes,
//   fsyncs, truncations, deletions and opens, as when the machine loses power; once every
//   connection is closed, restorePower() puts each file back to its durable image, so the disk
//   holds exactly what a real power cut would have left: everything written since the last fsync
//   is gone. File creation and deletion count as durable once done (the journalling file system).
//
// Callbacks run on whichever thread SQLite runs (writer, reader, checker): all state is guarded.
namespace Skein::Test::FaultVfs {

enum class Op { Read, Write, Sync };
// Which file an operation touches, from SQLite's open flags.
enum class File { Any, MainDb, Wal, Journal };

// Which operations fail, e.g. Fault(Op::Write, File::Wal).skipping(3).failing(1).withCode(SQLITE_FULL).
struct Fault
{
    explicit Fault(Op operation, File onFile = File::Any)
        : op(operation)
        , file(onFile)
    { }
    Fault &skipping(int n) // this many matching operations still succeed first
    {
        skip = n;
        return *this;
    }
    Fault &failing(int n) // then this many fail (-1: every one from then on)
    {
        count = n;
        return *this;
    }
    Fault &withCode(int sqliteCode) // default: SQLITE_IOERR_READ / _WRITE / _FSYNC by op
    {
        code = sqliteCode;
        return *this;
    }
    Fault &onPath(const QString &part) // only files whose path contains part
    {
        path = part;
        return *this;
    }
    Fault &onThread(const QString &objectName) // only on the thread of this name (QThread::objectName)
    {
        thread = objectName;
        return *this;
    }

    Op op;
    File file;
    int skip = 0;
    int count = -1;
    int code = 0;
    QString path;
    QString thread;
};

// Registers the shim (once) and makes it the default VFS; false when SQLite has no "unix" VFS.
bool install();
// The real "unix" VFS is the default again (for reopening "after the reboot").
void uninstall();
// No fault, power on, counters zero, and no durable images (call when no file is open).
void reset();

void inject(const Fault &fault); // replaces the current fault
void clearFault();
int injected(); // operations failed by a fault since reset()

int opened(); // files opened through the shim since reset(): proves that QSQLITE goes through it
int openFiles(); // files open right now
int writesAndSyncs(); // write and fsync calls seen since reset() (to pick a moment for a cut)

void cutPower();
// The n-th write or fsync from now (n >= 1) does not happen: the power goes right before it.
void cutPowerAfter(int operations);
bool powerIsOff();
// Every file seen since reset() goes back to its durable image, and I/O works again. Fails
// (returns false, changes nothing) while a file is still open.
bool restorePower();

} // namespace Skein::Test::FaultVfs

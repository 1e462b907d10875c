// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "faultvfs.h"

#include <QByteArray>
#include <QFile>
#include <QThread>

#include <map>
#include <mutex>
#include <optional>
#include <sqlite3.h>
#include <string>

namespace Skein::Test::FaultVfs {

namespace {

// What a file held at its last successful fsync.
struct Image
{
    std::string path;
    bool exists = false;
    QByteArray bytes;
};

struct State
{
    std::mutex mutex;
    sqlite3_vfs *real = nullptr;
    std::optional<Fault> fault;
    int faultMatched = 0;
    int faultFailed = 0;
    int injected = 0;
    int opened = 0;
    int openFiles = 0;
    int writesAndSyncs = 0;
    bool off = false;
    int cutCountdown = 0; // > 0: the power goes at the operation that brings it to 0
    std::map<std::string, Image> images; // node-based: FaultFile keeps pointers into it
};

State &state()
{
    static State s;
    return s;
}

// The shim's file; SQLite allocates szOsFile bytes for it and the real file follows it.
struct FaultFile
{
    sqlite3_file base;
    sqlite3_file *real;
    File kind;
    Image *image; // null for files without a name (temporary files)
};

FaultFile *fileOf(sqlite3_file *file)
{
    return reinterpret_cast<FaultFile *>(file);
}

File kindOf(int flags)
{
    if (flags & SQLITE_OPEN_MAIN_DB)
        return File::MainDb;
    if (flags & SQLITE_OPEN_WAL)
        return File::Wal;
    if (flags & SQLITE_OPEN_MAIN_JOURNAL)
        return File::Journal;
    return File::Any;
}

int defaultCode(Op op)
{
    switch (op) {
    case Op::Read:
        return SQLITE_IOERR_READ;
    case Op::Write:
        return SQLITE_IOERR_WRITE;
    case Op::Sync:
        return SQLITE_IOERR_FSYNC;
    }
    return SQLITE_IOERR;
}

// Under the lock: the error an operation fails with, or SQLITE_OK to let it through.
int decide(State &s, Op op, const FaultFile *f)
{
    if (op != Op::Read) {
        ++s.writesAndSyncs;
        if (s.off)
            return defaultCode(op);
        if (s.cutCountdown > 0 && --s.cutCountdown == 0) {
            s.off = true;
            return defaultCode(op);
        }
    }
    if (!s.fault)
        return SQLITE_OK;
    const Fault &fault = *s.fault;
    if (fault.op != op || (fault.file != File::Any && fault.file != f->kind))
        return SQLITE_OK;
    if (!fault.path.isEmpty() && (!f->image || !QString::fromStdString(f->image->path).contains(fault.path)))
        return SQLITE_OK;
    if (!fault.thread.isEmpty() && QThread::currentThread()->objectName() != fault.thread)
        return SQLITE_OK;
    if (s.faultMatched++ < fault.skip)
        return SQLITE_OK;
    if (fault.count >= 0 && s.faultFailed >= fault.count)
        return SQLITE_OK;
    ++s.faultFailed;
    ++s.injected;
    return fault.code ? fault.code : defaultCode(op);
}

// Under the lock, after a successful fsync: the file's content is durable now.
void remember(FaultFile *f)
{
    if (!f->image)
        return;
    sqlite3_int64 size = 0;
    if (f->real->pMethods->xFileSize(f->real, &size) != SQLITE_OK)
        return;
    QByteArray bytes(qsizetype(size), Qt::Uninitialized);
    if (size > 0 && f->real->pMethods->xRead(f->real, bytes.data(), int(size), 0) != SQLITE_OK)
        return;
    f->image->exists = true;
    f->image->bytes = bytes;
}

// --- io methods ---

int fileClose(sqlite3_file *file)
{
    FaultFile *f = fileOf(file);
    const int rc = f->real->pMethods->xClose(f->real);
    State &s = state();
    std::lock_guard lock(s.mutex);
    --s.openFiles;
    return rc;
}

int fileRead(sqlite3_file *file, void *data, int amount, sqlite3_int64 offset)
{
    FaultFile *f = fileOf(file);
    {
        State &s = state();
        std::lock_guard lock(s.mutex);
        if (const int rc = decide(s, Op::Read, f))
            return rc;
    }
    return f->real->pMethods->xRead(f->real, data, amount, offset);
}

int fileWrite(sqlite3_file *file, const void *data, int amount, sqlite3_int64 offset)
{
    FaultFile *f = fileOf(file);
    State &s = state();
    std::lock_guard lock(s.mutex); // held through the write: a cut falls before or after it
    if (const int rc = decide(s, Op::Write, f))
        return rc;
    return f->real->pMethods->xWrite(f->real, data, amount, offset);
}

int fileTruncate(sqlite3_file *file, sqlite3_int64 size)
{
    FaultFile *f = fileOf(file);
    State &s = state();
    std::lock_guard lock(s.mutex);
    if (const int rc = decide(s, Op::Write, f))
        return rc == SQLITE_IOERR_WRITE ? SQLITE_IOERR_TRUNCATE : rc;
    return f->real->pMethods->xTruncate(f->real, size);
}

int fileSync(sqlite3_file *file, int flags)
{
    FaultFile *f = fileOf(file);
    State &s = state();
    // Held through the fsync: one that returned OK is in the durable image, whatever the test
    // thread does meanwhile, so what the app was told matches what survives a cut.
    std::lock_guard lock(s.mutex);
    if (const int rc = decide(s, Op::Sync, f))
        return rc;
    const int rc = f->real->pMethods->xSync(f->real, flags);
    if (rc == SQLITE_OK)
        remember(f);
    return rc;
}

int fileSize(sqlite3_file *file, sqlite3_int64 *size)
{
    FaultFile *f = fileOf(file);
    return f->real->pMethods->xFileSize(f->real, size);
}

int fileLock(sqlite3_file *file, int level)
{
    FaultFile *f = fileOf(file);
    return f->real->pMethods->xLock(f->real, level);
}

int fileUnlock(sqlite3_file *file, int level)
{
    FaultFile *f = fileOf(file);
    return f->real->pMethods->xUnlock(f->real, level);
}

int fileCheckReservedLock(sqlite3_file *file, int *out)
{
    FaultFile *f = fileOf(file);
    return f->real->pMethods->xCheckReservedLock(f->real, out);
}

int fileControl(sqlite3_file *file, int op, void *arg)
{
    FaultFile *f = fileOf(file);
    return f->real->pMethods->xFileControl(f->real, op, arg);
}

int fileSectorSize(sqlite3_file *file)
{
    FaultFile *f = fileOf(file);
    return f->real->pMethods->xSectorSize(f->real);
}

int fileDeviceCharacteristics(sqlite3_file *file)
{
    FaultFile *f = fileOf(file);
    return f->real->pMethods->xDeviceCharacteristics(f->real);
}

int fileShmMap(sqlite3_file *file, int region, int size, int extend, void volatile **out)
{
    FaultFile *f = fileOf(file);
    return f->real->pMethods->xShmMap(f->real, region, size, extend, out);
}

int fileShmLock(sqlite3_file *file, int offset, int n, int flags)
{
    FaultFile *f = fileOf(file);
    return f->real->pMethods->xShmLock(f->real, offset, n, flags);
}

void fileShmBarrier(sqlite3_file *file)
{
    FaultFile *f = fileOf(file);
    f->real->pMethods->xShmBarrier(f->real);
}

int fileShmUnmap(sqlite3_file *file, int deleteFlag)
{
    FaultFile *f = fileOf(file);
    return f->real->pMethods->xShmUnmap(f->real, deleteFlag);
}

int fileFetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **out)
{
    FaultFile *f = fileOf(file);
    return f->real->pMethods->xFetch(f->real, offset, amount, out);
}

int fileUnfetch(sqlite3_file *file, sqlite3_int64 offset, void *p)
{
    FaultFile *f = fileOf(file);
    return f->real->pMethods->xUnfetch(f->real, offset, p);
}

const sqlite3_io_methods ioMethods = {
    3,
    fileClose,
    fileRead,
    fileWrite,
    fileTruncate,
    fileSync,
    fileSize,
    fileLock,
    fileUnlock,
    fileCheckReservedLock,
    fileControl,
    fileSectorSize,
    fileDeviceCharacteristics,
    fileShmMap,
    fileShmLock,
    fileShmBarrier,
    fileShmUnmap,
    fileFetch,
    fileUnfetch,
};

// --- vfs methods ---

sqlite3_vfs *real()
{
    return state().real;
}

int vfsOpen(sqlite3_vfs *, sqlite3_filename name, sqlite3_file *file, int flags, int *outFlags)
{
    FaultFile *f = fileOf(file);
    f->base.pMethods = nullptr;
    f->real = reinterpret_cast<sqlite3_file *>(f + 1);
    f->kind = kindOf(flags);
    f->image = nullptr;
    State &s = state();
    std::lock_guard lock(s.mutex);
    if (s.off)
        return SQLITE_CANTOPEN;
    if (name) {
        auto [it, inserted] = s.images.try_emplace(std::string(name));
        if (inserted) { // seen for the first time: what it holds now is durable
            it->second.path = name;
            QFile existing(QString::fromStdString(it->second.path));
            if (existing.exists() && existing.open(QIODevice::ReadOnly)) {
                it->second.exists = true;
                it->second.bytes = existing.readAll();
            }
        }
        f->image = &it->second;
    }
    const int rc = s.real->xOpen(s.real, name, f->real, flags, outFlags);
    if (f->real->pMethods) {
        f->base.pMethods = &ioMethods;
        ++s.opened;
        ++s.openFiles;
    }
    return rc;
}

int vfsDelete(sqlite3_vfs *, const char *name, int syncDir)
{
    State &s = state();
    std::lock_guard lock(s.mutex);
    if (s.off)
        return SQLITE_IOERR_DELETE;
    const int rc = s.real->xDelete(s.real, name, syncDir);
    if (rc == SQLITE_OK) {
        Image &image = s.images[std::string(name)];
        image.path = name;
        image.exists = false;
        image.bytes.clear();
    }
    return rc;
}

int vfsAccess(sqlite3_vfs *, const char *name, int flags, int *out)
{
    return real()->xAccess(real(), name, flags, out);
}

int vfsFullPathname(sqlite3_vfs *, const char *name, int size, char *out)
{
    return real()->xFullPathname(real(), name, size, out);
}

void *vfsDlOpen(sqlite3_vfs *, const char *name)
{
    return real()->xDlOpen(real(), name);
}

void vfsDlError(sqlite3_vfs *, int size, char *out)
{
    real()->xDlError(real(), size, out);
}

void (*vfsDlSym(sqlite3_vfs *, void *handle, const char *symbol))(void)
{
    return real()->xDlSym(real(), handle, symbol);
}

void vfsDlClose(sqlite3_vfs *, void *handle)
{
    real()->xDlClose(real(), handle);
}

int vfsRandomness(sqlite3_vfs *, int size, char *out)
{
    return real()->xRandomness(real(), size, out);
}

int vfsSleep(sqlite3_vfs *, int microseconds)
{
    return real()->xSleep(real(), microseconds);
}

int vfsCurrentTime(sqlite3_vfs *, double *out)
{
    return real()->xCurrentTime(real(), out);
}

int vfsGetLastError(sqlite3_vfs *, int size, char *out)
{
    return real()->xGetLastError(real(), size, out);
}

int vfsCurrentTimeInt64(sqlite3_vfs *, sqlite3_int64 *out)
{
    return real()->xCurrentTimeInt64(real(), out);
}

int vfsSetSystemCall(sqlite3_vfs *, const char *name, sqlite3_syscall_ptr call)
{
    return real()->xSetSystemCall(real(), name, call);
}

sqlite3_syscall_ptr vfsGetSystemCall(sqlite3_vfs *, const char *name)
{
    return real()->xGetSystemCall(real(), name);
}

const char *vfsNextSystemCall(sqlite3_vfs *, const char *name)
{
    return real()->xNextSystemCall(real(), name);
}

sqlite3_vfs shim = {};

} // namespace

bool install()
{
    State &s = state();
    {
        std::lock_guard lock(s.mutex);
        if (!s.real) {
            s.real = sqlite3_vfs_find("unix");
            if (!s.real || s.real->iVersion < 3)
                return false;
            shim.iVersion = 3;
            shim.szOsFile = int(sizeof(FaultFile)) + s.real->szOsFile;
            shim.mxPathname = s.real->mxPathname;
            shim.zName = "skein-fault";
            shim.xOpen = vfsOpen;
            shim.xDelete = vfsDelete;
            shim.xAccess = vfsAccess;
            shim.xFullPathname = vfsFullPathname;
            shim.xDlOpen = vfsDlOpen;
            shim.xDlError = vfsDlError;
            shim.xDlSym = vfsDlSym;
            shim.xDlClose = vfsDlClose;
            shim.xRandomness = vfsRandomness;
            shim.xSleep = vfsSleep;
            shim.xCurrentTime = vfsCurrentTime;
            shim.xGetLastError = vfsGetLastError;
            shim.xCurrentTimeInt64 = vfsCurrentTimeInt64;
            shim.xSetSystemCall = vfsSetSystemCall;
            shim.xGetSystemCall = vfsGetSystemCall;
            shim.xNextSystemCall = vfsNextSystemCall;
        }
    }
    return sqlite3_vfs_register(&shim, 1) == SQLITE_OK && sqlite3_vfs_find(nullptr) == &shim;
}

void uninstall()
{
    State &s = state();
    if (s.real)
        sqlite3_vfs_register(s.real, 1);
}

void reset()
{
    State &s = state();
    std::lock_guard lock(s.mutex);
    s.fault.reset();
    s.faultMatched = s.faultFailed = s.injected = 0;
    s.opened = 0;
    s.writesAndSyncs = 0;
    s.off = false;
    s.cutCountdown = 0;
    if (s.openFiles == 0) // open files point into the images
        s.images.clear();
}

void inject(const Fault &fault)
{
    State &s = state();
    std::lock_guard lock(s.mutex);
    s.fault = fault;
    s.faultMatched = s.faultFailed = 0;
}

void clearFault()
{
    State &s = state();
    std::lock_guard lock(s.mutex);
    s.fault.reset();
}

int injected()
{
    State &s = state();
    std::lock_guard lock(s.mutex);
    return s.injected;
}

int opened()
{
    State &s = state();
    std::lock_guard lock(s.mutex);
    return s.opened;
}

int openFiles()
{
    State &s = state();
    std::lock_guard lock(s.mutex);
    return s.openFiles;
}

int writesAndSyncs()
{
    State &s = state();
    std::lock_guard lock(s.mutex);
    return s.writesAndSyncs;
}

void cutPower()
{
    State &s = state();
    std::lock_guard lock(s.mutex);
    s.off = true;
}

void cutPowerAfter(int operations)
{
    State &s = state();
    std::lock_guard lock(s.mutex);
    s.cutCountdown = qMax(1, operations);
}

bool powerIsOff()
{
    State &s = state();
    std::lock_guard lock(s.mutex);
    return s.off;
}

bool restorePower()
{
    State &s = state();
    std::lock_guard lock(s.mutex);
    if (s.openFiles > 0)
        return false;
    for (const auto &[path, image] : s.images) {
        const QString name = QString::fromStdString(path);
        if (!image.exists) {
            QFile::remove(name);
            continue;
        }
        QFile file(name);
        if (file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            file.write(image.bytes);
    }
    s.off = false;
    s.cutCountdown = 0;
    s.fault.reset();
    return true;
}

} // namespace Skein::Test::FaultVfs

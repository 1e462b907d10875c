/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QString>
#include <optional>
#include <utility>
#include <variant>

namespace Skein {

// Why a storage call failed. Libraries report; the GUI decides what to show.
struct StorageError
{
    enum class Kind {
        Io, // I/O error from the OS
        DiskFull,
        Corrupt, // quick_check failed or the file is not a database
        ReadOnly, // the database was opened read-only (e.g. newer than this binary)
        NewerSchema,
        Conflict, // optimistic lock: the row changed since it was read
        NotFound,
        Constraint, // a foreign key / unique / check constraint was violated
        Busy, // another process holds the lock past the busy timeout
        Migration,
        Invalid, // bad input from the caller
        Internal,
    };

    Kind kind = Kind::Internal;
    QString message;

    static QString kindName(Kind kind);
};

// A value or a StorageError. Small on purpose; C++20 has no std::expected.
template<typename T> class [[nodiscard]] Result
{
public:
    Result(T value)
        : m_data(std::move(value))
    { }
    Result(StorageError error)
        : m_data(std::move(error))
    { }

    bool ok() const { return m_data.index() == 0; }
    explicit operator bool() const { return ok(); }
    const T &value() const & { return std::get<0>(m_data); }
    T &value() & { return std::get<0>(m_data); }
    T &&value() && { return std::get<0>(std::move(m_data)); }
    const T &operator*() const & { return value(); }
    const T *operator->() const { return &value(); }
    const StorageError &error() const { return std::get<1>(m_data); }

private:
    std::variant<T, StorageError> m_data;
};

template<> class [[nodiscard]] Result<void>
{
public:
    Result() = default;
    Result(StorageError error)
        : m_error(std::move(error))
    { }

    bool ok() const { return !m_error.has_value(); }
    explicit operator bool() const { return ok(); }
    // The error; an empty one when the operation succeeded.
    const StorageError &error() const
    {
        static const StorageError none;
        return m_error ? *m_error : none;
    }

private:
    std::optional<StorageError> m_error;
};

using Status = Result<void>;

} // namespace Skein

// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/providerrepository.h"

#include "storage/database.h"
#include "storage/sqlvalues.h"

#include <QJsonObject>
#include <QSqlQuery>

namespace Skein {

namespace {

const QString select = QStringLiteral(
    "SELECT id, name, kind, base_url, enabled, default_model, models, created_at, updated_at, api_key, review "
    "FROM providers");

QVariant keyStateValue(ApiKeyState state)
{
    const QString name = apiKeyStateName(state);
    return name.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(name);
}

QString modelsJson(const QList<ModelInfo> &models)
{
    QJsonArray array;
    for (const ModelInfo &m : models) {
        QJsonObject o {{QStringLiteral("id"), m.id},
                       {QStringLiteral("context_window"), m.contextWindow},
                       {QStringLiteral("max_output_tokens"), m.maxOutputTokens},
                       {QStringLiteral("input_price"), m.inputPricePerMTok},
                       {QStringLiteral("output_price"), m.outputPricePerMTok},
                       {QStringLiteral("cached_input_price"), m.cachedInputPricePerMTok}};
        if (m.vision != ModelVision::Unknown)
            o.insert(QStringLiteral("vision"), modelVisionName(m.vision));
        array.append(o);
    }
    return SqlValues::json(array);
}

QList<ModelInfo> modelsFrom(const QVariant &value)
{
    QList<ModelInfo> out;
    const QJsonArray array = SqlValues::jsonArray(value);
    for (const auto &v : array) {
        const QJsonObject o = v.toObject();
        out.append({o.value(QStringLiteral("id")).toString(), o.value(QStringLiteral("context_window")).toInteger(),
                    o.value(QStringLiteral("max_output_tokens")).toInteger(),
                    o.value(QStringLiteral("input_price")).toDouble(),
                    o.value(QStringLiteral("output_price")).toDouble(),
                    o.value(QStringLiteral("cached_input_price")).toDouble(),
                    modelVisionFromString(o.value(QStringLiteral("vision")).toString())});
    }
    return out;
}

ProviderConfig fromRow(const QSqlQuery &q)
{
    ProviderConfig p;
    p.id = q.value(0).toString();
    p.name = q.value(1).toString();
    p.kind = q.value(2).toString();
    p.baseUrl = q.value(3).toString();
    p.enabled = q.value(4).toBool();
    p.defaultModel = SqlValues::text(q.value(5));
    p.models = modelsFrom(q.value(6));
    p.createdAt = q.value(7).toLongLong();
    p.updatedAt = q.value(8).toLongLong();
    p.apiKey = apiKeyStateFromString(q.value(9).toString());
    p.importedForReview = q.value(10).toString() == QLatin1String("imported");
    return p;
}

} // namespace

Status ProviderRepository::save(const ProviderConfig &p)
{
    QSqlQuery &q = m_db.statement(QStringLiteral(
        "INSERT OR REPLACE INTO providers (id, name, kind, base_url, enabled, default_model, models, created_at, "
        "updated_at, api_key, review) VALUES (?,?,?,?,?,?,?,?,?,?,?)"));
    q.bindValue(0, p.id);
    q.bindValue(1, SqlValues::notNull(p.name));
    q.bindValue(2, SqlValues::notNull(p.kind));
    q.bindValue(3, SqlValues::notNull(p.baseUrl));
    q.bindValue(4, p.enabled);
    q.bindValue(5, SqlValues::nullable(p.defaultModel));
    q.bindValue(6, modelsJson(p.models));
    q.bindValue(7, p.createdAt);
    q.bindValue(8, p.updatedAt);
    q.bindValue(9, keyStateValue(p.apiKey));
    q.bindValue(10, SqlValues::nullable(p.importedForReview ? QStringLiteral("imported") : QString()));
    return m_db.exec(q);
}

Result<ProviderConfig> ProviderRepository::get(const QString &id)
{
    QSqlQuery &q = m_db.statement(select + QStringLiteral(" WHERE id = ?"));
    q.bindValue(0, id);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    if (!q.next())
        return StorageError {StorageError::Kind::NotFound, QStringLiteral("no provider %1").arg(id)};
    ProviderConfig p = fromRow(q);
    q.finish();
    return p;
}

Result<QList<ProviderConfig>> ProviderRepository::list()
{
    QSqlQuery &q = m_db.statement(select + QStringLiteral(" ORDER BY name, id"));
    if (Status s = m_db.exec(q); !s)
        return s.error();
    QList<ProviderConfig> out;
    while (q.next())
        out.append(fromRow(q));
    q.finish();
    return out;
}

Status ProviderRepository::setApiKeyState(const QString &id, ApiKeyState state)
{
    QSqlQuery &q = m_db.statement(QStringLiteral("UPDATE providers SET api_key = ? WHERE id = ?"));
    q.bindValue(0, keyStateValue(state));
    q.bindValue(1, id);
    return m_db.exec(q);
}

Status ProviderRepository::setEnabled(const QString &id, bool enabled, qint64 now)
{
    // Enabling (or disabling) is the user's decision on this machine: the import mark goes.
    QSqlQuery &q = m_db.statement(
        QStringLiteral("UPDATE providers SET enabled = ?, review = NULL, updated_at = ? WHERE id = ?"));
    q.bindValue(0, enabled);
    q.bindValue(1, now);
    q.bindValue(2, id);
    if (Status s = m_db.exec(q); !s)
        return s;
    if (m_db.changes() == 0)
        return StorageError {StorageError::Kind::NotFound, QStringLiteral("no provider %1").arg(id)};
    return {};
}

Status ProviderRepository::remove(const QString &id)
{
    QSqlQuery &q = m_db.statement(QStringLiteral("DELETE FROM providers WHERE id = ?"));
    q.bindValue(0, id);
    return m_db.exec(q);
}

} // namespace Skein

// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// MessageDelegate: what a message's parts are called (speaker, status, actions and their icons),
// for the painted header, the actions menu and screen readers.

#include "messagedelegate.h"

#include "models/threadmodel.h"

namespace Skein {

namespace {

QString roleLabel(Role role, const QString &model, const QString &toolName)
{
    switch (role) {
    case Role::User:
        return MessageDelegate::tr("You");
    case Role::Assistant:
        return model.isEmpty() ? MessageDelegate::tr("Assistant") : model;
    case Role::Tool:
        return toolName.isEmpty() ? MessageDelegate::tr("Tool") : MessageDelegate::tr("Tool: %1").arg(toolName);
    case Role::System:
        return MessageDelegate::tr("System");
    }
    return {};
}

QString statusText(MessageStatus status, const QString &error)
{
    switch (status) {
    case MessageStatus::Generating:
        return MessageDelegate::tr("Generating…");
    case MessageStatus::Interrupted:
        return MessageDelegate::tr("Interrupted — the reply stopped before it was complete.");
    case MessageStatus::Cancelled:
        return MessageDelegate::tr("Stopped.");
    case MessageStatus::Failed:
        return error.isEmpty() ? MessageDelegate::tr("Failed.") : MessageDelegate::tr("Failed: %1").arg(error);
    case MessageStatus::Complete:
        break;
    }
    return {};
}

} // namespace

QString MessageDelegate::speakerOf(Role role, const QString &model, const QString &toolName)
{
    return roleLabel(role, model, toolName);
}

QString MessageDelegate::speaker(const QModelIndex &index)
{
    return roleLabel(Role(index.data(ThreadModel::RoleRole).toInt()), index.data(ThreadModel::ModelNameRole).toString(),
                     index.data(ThreadModel::ToolNameRole).toString());
}

QString MessageDelegate::status(const QModelIndex &index)
{
    return statusText(MessageStatus(index.data(ThreadModel::StatusRole).toInt()),
                      index.data(ThreadModel::ErrorRole).toString());
}

QString MessageDelegate::actionIcon(Action action)
{
    switch (action) {
    case Action::Copy:
    case Action::CopyCode:
        return QStringLiteral("edit-copy");
    case Action::SelectText:
        return QStringLiteral("edit-select-all");
    case Action::ToggleWrap:
        return QStringLiteral("text-wrap");
    case Action::Edit:
        return QStringLiteral("document-edit");
    case Action::Regenerate:
    case Action::Retry:
        return QStringLiteral("view-refresh");
    case Action::Delete:
        return QStringLiteral("edit-delete");
    case Action::PreviousSibling:
        return QStringLiteral("go-previous");
    case Action::NextSibling:
        return QStringLiteral("go-next");
    case Action::Continue:
        return QStringLiteral("media-playback-start");
    case Action::Approve:
    case Action::ApproveAlways:
        return QStringLiteral("dialog-ok-apply");
    case Action::Deny:
        return QStringLiteral("dialog-cancel");
    case Action::OpenAttachment:
        return QStringLiteral("document-preview");
    case Action::None:
    case Action::ToggleReasoning:
    case Action::ToggleTool:
    case Action::ToggleCode:
    case Action::Link:
        break;
    }
    return {};
}

QString MessageDelegate::actionLabel(Action action)
{
    switch (action) {
    case Action::None:
        return {};
    case Action::Copy:
    case Action::CopyCode:
        return tr("Copy");
    case Action::SelectText:
        return tr("Select Text");
    case Action::Edit:
        return tr("Edit");
    case Action::Regenerate:
        return tr("Regenerate");
    case Action::Delete:
        return tr("Delete");
    case Action::PreviousSibling:
        return tr("Previous Version");
    case Action::NextSibling:
        return tr("Next Version");
    case Action::Continue:
        return tr("Continue");
    case Action::Retry:
        return tr("Retry");
    case Action::ToggleReasoning:
        return tr("Show or Hide Reasoning");
    case Action::ToggleTool:
        return tr("Show or Hide Tool Details");
    case Action::ToggleCode:
        return tr("Show All or Fewer Lines of Code");
    case Action::ToggleWrap:
        return tr("Wrap or Unwrap Long Lines");
    case Action::Link:
        return tr("Open Link");
    case Action::Approve:
        return tr("Allow Once");
    case Action::ApproveAlways:
        return tr("Always Allow");
    case Action::Deny:
        return tr("Deny");
    case Action::OpenAttachment:
        return tr("Open Attachment");
    }
    return {};
}

} // namespace Skein

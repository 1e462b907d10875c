/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "attachmenttray.h"
#include "core/domain/providerconfig.h"
#include "llm/chatrequest.h"

#include <QPlainTextEdit>
#include <QWidget>

#include <map>

class QComboBox;
class QDragEnterEvent;
class QDropEvent;
class QMimeData;
class QLabel;
class QPushButton;
class QTimer;
class QToolButton;

namespace Skein {

// The text box: Enter sends and Shift+Enter starts a new line, or the other way round
// (Ctrl+Enter always sends); see Composer::setEnterSends. It grows with its text, from minLines
// to maxLines, and scrolls beyond.
class ComposerEdit final : public QPlainTextEdit
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ComposerEdit)

public:
    explicit ComposerEdit(QWidget *parent = nullptr);
    ~ComposerEdit() override;
    void setEnterSends(bool enterSends) { m_enterSends = enterSends; }
    bool enterSends() const { return m_enterSends; }
    void setLineRange(int minLines, int maxLines);
    // What a text box made from now on starts with (the setting, applied by Composer).
    static void setEnterSendsByDefault(bool enterSends);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void submitted();
    // Pasted or dropped: local files, or an image (a screenshot on the clipboard).
    void filesOffered(const QStringList &paths);
    void imageOffered(const QImage &image);

protected:
    void keyPressEvent(QKeyEvent *event) override;
    bool canInsertFromMimeData(const QMimeData *source) const override;
    void insertFromMimeData(const QMimeData *source) override;

private:
    int heightFor(int lines) const;
    bool m_enterSends;
    int m_minLines = 2;
    int m_maxLines = 12;
};

// The composer's token estimate: a short figure and a thin bar of the request against the
// model's context window (the draft's share drawn stronger); the full sentence is its tooltip
// and its accessible description.
class TokenMeter final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TokenMeter)

public:
    explicit TokenMeter(QWidget *parent = nullptr);
    ~TokenMeter() override;
    void setTokens(qint64 draft, qint64 request, qint64 window);
    QString text() const { return m_text; }
    QString description() const { return toolTip(); }
    // The share of the window the request takes (0 when the window is unknown).
    double fill() const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    qint64 m_draft = 0;
    qint64 m_request = 0;
    qint64 m_window = 0;
    QString m_text;
};

// A model the picker offers: provider id + model id.
struct ModelChoice
{
    QString providerId;
    QString providerName;
    QString model;
    qint64 contextWindow = 0;
    bool local = false; // served from this machine: the picker shows a computer, else a server
    ProviderKind kind = ProviderKind::OpenAiCompatible; // whose image formula
    ModelVision vision = ModelVision::Unknown;
};

// The composer under the chat: text box, model picker, live token estimate, Send / Stop and
// the queued state. It holds no conversation logic; ChatController listens to its signals.
class Composer final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Composer)

public:
    explicit Composer(QWidget *parent = nullptr);
    ~Composer() override;

    ComposerEdit *editor() const { return m_edit; }
    QString text() const;
    // The text and the files.
    void clear();

    // Files for the draft (issue 16), read and checked off the GUI thread; a refused one is
    // reported through notice().
    void addFiles(const QStringList &paths);
    void addImage(const QImage &image);
    // Asks for files (the Attach button, Ctrl+Shift+A).
    void chooseFiles();
    // The draft's files, handed over with the text when it is sent.
    QList<PreparedAttachment> takeAttachments();
    qsizetype attachmentCount() const { return m_attachments.size(); }
    int pendingFiles() const { return m_pending; }
    AttachmentTray *tray() const { return m_tray; }
    // The user's limits (Settings → Context & Agent).
    void setLimits(const AttachmentLimits &limits) { m_limits = limits; }
    void setEnterSends(bool enterSends);
    // The ui-state.ini key (bool, default true) that Settings → Appearance writes and the main
    // window reads at start.
    static QString enterSendsKey() { return QStringLiteral("composer/enterSends"); }
    // Applies the choice to every composer of the application at once.
    static void setEnterSendsEverywhere(bool enterSends);

    void setChoices(const QList<ModelChoice> &choices);
    // Selects providerId/model (adds it when unknown so that a session keeps its model).
    void selectModel(const QString &providerId, const QString &model);
    ModelChoice currentChoice() const;

    // Tokens of the rest of the request (history, system prompt) added to the draft's estimate.
    void setContextTokens(qint64 tokens);
    qint64 draftTokens() const { return m_draftTokens; }
    TokenMeter *tokenMeter() const { return m_estimate; }
    void setBusy(bool busy);
    void setQueued(int count);

Q_SIGNALS:
    void sendRequested(const QString &text);
    void stopRequested();
    void modelChosen(const Skein::ModelChoice &choice);
    void notice(const QString &text);
    // Every file asked for is read (or refused): for tests and the status bar.
    void filesSettled();

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void updateEstimate();
    void updateButton();
    void updateTray();
    // Runs the intake of one file on the thread pool; rename (pasted images) replaces its name.
    void startIntake(const QString &path, const QString &rename, bool removeAfter);
    // The intake of ticket finished; results are applied in the order the files were given.
    void intakeDone(quint64 ticket, const Result<DraftAttachment> &result);
    void applyIntake(const Result<DraftAttachment> &result);
    qint64 attachmentTokens(const ModelChoice &choice) const;

    ComposerEdit *m_edit;
    AttachmentTray *m_tray;
    QToolButton *m_attach;
    QList<DraftAttachment> m_attachments;
    AttachmentLimits m_limits;
    int m_pending = 0;
    quint64 m_nextTicket = 0; // the next intake started
    quint64 m_nextApplied = 0; // the next intake whose result is applied
    std::map<quint64, Result<DraftAttachment>> m_arrived; // finished before an earlier one
    QComboBox *m_models;
    TokenMeter *m_estimate;
    QLabel *m_queued;
    QPushButton *m_send;
    QTimer *m_estimateTimer;
    QList<ModelChoice> m_choices;
    qint64 m_contextTokens = 0;
    qint64 m_draftTokens = 0;
    bool m_busy = false;
};

} // namespace Skein

/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QString>
#include <QStringList>

namespace Skein {
class ChatController;
class MainWindow;
} // namespace Skein

namespace Skein::Bench {

class ShapeServer;

struct StreamBenchOptions
{
    QStringList shapes; // empty: all
    QStringList rates {QStringLiteral("200"), QStringLiteral("max")}; // tokens/s, or "max"
    int pacedSeconds = 15; // paced runs send all but the last pacedSeconds × rate tokens at once
    QString providerId; // the provider that points at the ShapeServer
    // > 0: the GUI thread is made to stall that long every 100 ms while streaming (a stand-in
    // for slow rendering), to show that the socket is read regardless.
    int blockGuiMs = 0;
    bool trace = false;
};

// Streams every shape at every rate into the open conversation of window through the real app
// path (Turn → ModelCall → StreamingCall, storage on its writer thread, ChatController →
// ThreadModel → ChatView), with a raw QNetworkAccessManager reader of the same stream as the
// baseline; prints one line per run. Returns false if a reply did not arrive whole.
bool runStreamShapes(MainWindow &window, ShapeServer &server, const StreamBenchOptions &options);

// bench_gui --flush-cost SHAPE DELTAS: the cost of one streamed flush after DELTAS deltas of
// shape, alone, for callgrind (--toggle-collect='*measuredFlush*'): decoding its SSE events
// (StreamDecoder, TurnAssembler), ThreadModel::appendText and a synchronous repaint of the view.
int runFlushCost(const QString &shape, int deltas, int deltasPerFlush);

} // namespace Skein::Bench

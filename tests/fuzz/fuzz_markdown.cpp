// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// The chat's Markdown renderer (gui/markdownrenderer, chunksplitter, safetextdocument) without
// widgets, under the offscreen platform: any text splits into chunks the same way whether it
// arrives at once or streamed, and every chunk renders (code highlighted, images replaced).
#include "chunksplitter.h"
#include "fuzzsupport.h"
#include "markdownrenderer.h"
#include "safetextdocument.h"

#include <QGuiApplication>
#include <QPalette>

using namespace Skein;

namespace {

QGuiApplication *app = nullptr; // never destroyed: Qt's font caches stay reachable
RenderTheme *lightTheme = nullptr;
RenderTheme *darkTheme = nullptr;

} // namespace

// Fontconfig, HarfBuzz and Qt Gui's own globals leave a few allocations behind when the process
// exits (once per process, not per input). libFuzzer still checks every input for leaks.
extern "C" const char *__lsan_default_options()
{
    return "leak_check_at_exit=0";
}

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    app = new QGuiApplication(*argc, *argv);
    lightTheme = new RenderTheme(RenderTheme::fromPalette(QGuiApplication::palette(), QGuiApplication::font()));
    QPalette dark = QGuiApplication::palette();
    dark.setColor(QPalette::Base, Qt::black);
    dark.setColor(QPalette::Text, Qt::white);
    darkTheme = new RenderTheme(RenderTheme::fromPalette(dark, QGuiApplication::font()));
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView input = Fuzz::bytes(data, size);
    const QString text = QString::fromUtf8(input);
    const QList<TextChunk> chunks = ChunkSplitter::split(text);

    // Streaming: the text grows in pieces; closed + open gives what split gives.
    ChunkSplitter splitter;
    qsizetype at = 0;
    for (QByteArrayView piece : Fuzz::chunks(input, 1)) {
        at = std::min(text.size(), at + piece.size());
        splitter.feed(QStringView(text).first(at));
    }
    splitter.feed(text);
    SKEIN_FUZZ_CHECK(splitter.closed() + splitter.open(text) == chunks);

    const bool dark = size > 0 && (data[0] & 1);
    const RenderTheme &theme = dark ? *darkTheme : *lightTheme;
    for (const TextChunk &chunk : chunks) {
        const std::unique_ptr<RenderedChunk> rendered = MarkdownRenderer::render(chunk, theme, 480);
        SKEIN_FUZZ_CHECK(rendered && rendered->document);
        for (const CodeBlockInfo &block : std::as_const(rendered->codeBlocks))
            SKEIN_FUZZ_CHECK(block.firstBlock <= block.lastBlock);
    }
    (void)MarkdownRenderer::renderPlain(text, theme, 480, true);
    return 0;
}

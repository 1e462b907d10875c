-- SPDX-FileCopyrightText: 2026 The Skein authors
--
-- SPDX-License-Identifier: GPL-3.0-or-later

-- Schema version 9: a PDF's pages for models that read images (issue 16). send_pages is the user's
-- choice for one attached PDF: besides its text, its pages go to a model that reads images
-- (Anthropic: the PDF as a document block; other providers: the pages rendered as images).
ALTER TABLE attachments ADD COLUMN send_pages INTEGER NOT NULL DEFAULT 0;

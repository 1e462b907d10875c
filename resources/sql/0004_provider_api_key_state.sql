-- SPDX-FileCopyrightText: 2026 The Skein authors
--
-- SPDX-License-Identifier: GPL-3.0-or-later

-- Schema version 4: providers.api_key records whether a provider has an API key, never the key:
-- NULL = not known yet (rows from before this version, imports), 'none', 'keychain'. A provider
-- recorded as 'none' never touches the keychain, so a keyless local server also works where no
-- Secret Service runs (a headless machine without a session bus).
ALTER TABLE providers ADD COLUMN api_key TEXT CHECK (api_key IS NULL OR api_key IN ('none', 'keychain'));

# Pure streaming parsers (SSE / NDJSON framing, provider event translators, turn assembly).
target_sources(skein_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/anthropictranslator.h ${CMAKE_CURRENT_LIST_DIR}/anthropictranslator.cpp
  ${CMAKE_CURRENT_LIST_DIR}/assembledturn.h ${CMAKE_CURRENT_LIST_DIR}/assembledturn.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bytebuffer.h
  ${CMAKE_CURRENT_LIST_DIR}/jsontape.h ${CMAKE_CURRENT_LIST_DIR}/jsontape.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ndjsonparser.h ${CMAKE_CURRENT_LIST_DIR}/ndjsonparser.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ollamatranslator.h ${CMAKE_CURRENT_LIST_DIR}/ollamatranslator.cpp
  ${CMAKE_CURRENT_LIST_DIR}/openaichattranslator.h ${CMAKE_CURRENT_LIST_DIR}/openaichattranslator.cpp
  ${CMAKE_CURRENT_LIST_DIR}/providererror.h ${CMAKE_CURRENT_LIST_DIR}/providererror.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sseparser.h ${CMAKE_CURRENT_LIST_DIR}/sseparser.cpp
  ${CMAKE_CURRENT_LIST_DIR}/streamdecoder.h ${CMAKE_CURRENT_LIST_DIR}/streamdecoder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/streamdelta.h ${CMAKE_CURRENT_LIST_DIR}/streamdelta.cpp
  ${CMAKE_CURRENT_LIST_DIR}/streamjson.h ${CMAKE_CURRENT_LIST_DIR}/streamjson.cpp
  ${CMAKE_CURRENT_LIST_DIR}/toolarguments.h ${CMAKE_CURRENT_LIST_DIR}/toolarguments.cpp
  ${CMAKE_CURRENT_LIST_DIR}/turnassembler.h ${CMAKE_CURRENT_LIST_DIR}/turnassembler.cpp
  ${CMAKE_CURRENT_LIST_DIR}/utf8text.h)

target_sources(skein_storage PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/jsoncodec.h ${CMAKE_CURRENT_LIST_DIR}/jsoncodec.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sessioncontent.h ${CMAKE_CURRENT_LIST_DIR}/sessioncontent.cpp
  ${CMAKE_CURRENT_LIST_DIR}/jsonreader.h ${CMAKE_CURRENT_LIST_DIR}/jsonreader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/exporter.h ${CMAKE_CURRENT_LIST_DIR}/exporter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/importer.h ${CMAKE_CURRENT_LIST_DIR}/importer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/importvalidator.h ${CMAKE_CURRENT_LIST_DIR}/importvalidator.cpp
  ${CMAKE_CURRENT_LIST_DIR}/markdownexport.h ${CMAKE_CURRENT_LIST_DIR}/markdownexport.cpp)

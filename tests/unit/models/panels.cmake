# Models of the inspector panels.
skein_add_test(NAME models_branchlayout SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_branchlayout.cpp
  LIBS skein_models LABELS unit models)
skein_add_test(NAME models_memorymodel SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_memorymodel.cpp
  LIBS skein_models GUI LABELS unit models)
skein_add_test(NAME models_contextmodel SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_contextmodel.cpp
  LIBS skein_models GUI LABELS unit models)
skein_add_test(NAME models_usagemodel SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_usagemodel.cpp
  LIBS skein_models LABELS unit models)

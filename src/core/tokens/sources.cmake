# Token estimation: a per-script estimator and a per-model calibration (docs/tokens.md).
target_sources(skein_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/tokencalibration.h ${CMAKE_CURRENT_LIST_DIR}/tokencalibration.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tokenestimator.h ${CMAKE_CURRENT_LIST_DIR}/tokenestimator.cpp)

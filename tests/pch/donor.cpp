// Compiled only for its precompiled header, which the tests of one kind share
// (tests/CMakeLists.txt, cmake/Pch.cmake).

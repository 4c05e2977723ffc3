// The wire format between the command clients (sbatch, squeue, sleep, ...) and the engine.
// Plain C++ with no Qt: the client includes it too.
//
// A connection carries frames: a 4-byte little-endian length N, then N bytes made of a
// 1-byte type and its payload. The client opens with one Request frame; then it may send
// stdin data when asked, the files the engine asks for (the engine never opens a path a
// client names: clientfiles.h), and signals. The engine answers with stdout/stderr chunks in
// the order they were produced and ends with one Exit frame.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace schedlab::protocol {

inline constexpr const char *kVersion = "schedlab/2";
inline constexpr std::uint32_t kMaxFrame = 64u * 1024u * 1024u;

enum FrameType : char {
    // client -> engine
    Request = 'R',   // strings: version, cwd, user, argc, argv..., envc, "K=V"...
    StdinData = 'I', // raw bytes
    StdinEof = 'E',  // empty
    Signal = 'S',    // decimal signal number (SIGINT when the user presses Ctrl-C)
    FileData = 'G',  // the answer to one NeedFile: strings: id, then (name, status, data)...
    // engine -> client
    Stdout = 'O',    // raw bytes
    Stderr = 'e',    // raw bytes
    NeedStdin = 'N', // the command reads standard input: send it, then StdinEof
    NeedFile = 'F',  // strings: id, flags, candidate paths...: read it (clientfiles.h)
    Exit = 'X',      // decimal exit status; the engine closes after it
    // srun and salloc: the client itself runs the job's command (so that the terminal, its
    // standard streams and Ctrl-C behave as with the real tools)
    Launch = 'L',      // engine -> client: strings: envc, "K=V"..., argc, argv...
    SignalChild = 'K', // engine -> client: decimal signal for the launched command
    ChildExited = 'D', // client -> engine: decimal raw wait status of the launched command
};

// Strings inside a Request payload: each is a 4-byte little-endian length then its bytes.
inline void appendU32(std::string &out, std::uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

inline std::uint32_t readU32(const char *p)
{
    std::uint32_t v = 0;
    for (int i = 3; i >= 0; --i)
        v = (v << 8) | static_cast<unsigned char>(p[i]);
    return v;
}

inline void appendString(std::string &out, const std::string &s)
{
    appendU32(out, static_cast<std::uint32_t>(s.size()));
    out += s;
}

// Splits a Request payload into its strings; false when it is malformed.
inline bool splitStrings(const std::string &payload, std::vector<std::string> &out)
{
    std::size_t pos = 0;
    while (pos < payload.size()) {
        if (payload.size() - pos < 4)
            return false;
        std::uint32_t len = readU32(payload.data() + pos);
        pos += 4;
        if (payload.size() - pos < len)
            return false;
        out.emplace_back(payload, pos, len);
        pos += len;
    }
    return true;
}

inline std::string frame(FrameType type, const std::string &payload)
{
    std::string out;
    appendU32(out, static_cast<std::uint32_t>(payload.size() + 1));
    out.push_back(static_cast<char>(type));
    out += payload;
    return out;
}

} // namespace schedlab::protocol

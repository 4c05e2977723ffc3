// How the SSH client fails when the network does: a closed port, a server that never speaks,
// a server that hangs up, a profile without a host. Each gives its own clear message, within
// the timeout, and never a hang. Real sockets on 127.0.0.1; no SSH server needed.
#include "sshclient.h"

#include <QTcpServer>
#include <QTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <thread>

using namespace schedlab::remote;

namespace {

LoginProfile loopback(quint16 port)
{
    LoginProfile profile;
    profile.host = QStringLiteral("127.0.0.1");
    profile.port = port;
    profile.user = QStringLiteral("etudiant");
    profile.keyFile = QStringLiteral("/nonexistent");
    return profile;
}

// A port nobody listens on: bind one, note it, close it.
quint16 closedPort()
{
    QTcpServer server;
    server.listen(QHostAddress::LocalHost);
    const quint16 port = server.serverPort();
    server.close();
    return port;
}

} // namespace

class TestSshFailures : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void noHostIsNeverGuessed()
    {
        SshClient client;
        LoginProfile profile = loopback(22);
        profile.host.clear();
        const SshError error = client.connectToHost(profile);
        QCOMPARE(error.kind, SshErrorKind::BadProfile);
        QVERIFY(!client.connected());
    }

    void closedPortIsRefused()
    {
        SshClient client;
        const SshError error = client.connectToHost(loopback(closedPort()));
        QCOMPARE(error.kind, SshErrorKind::Refused);
        QVERIFY2(error.message.contains(QLatin1String("refused the connection")), qPrintable(error.message));
    }

    void unknownNameDoesNotResolve()
    {
        SshClient client;
        LoginProfile profile = loopback(22);
        profile.host = QStringLiteral("login.invalid"); // RFC 2606: never resolves
        const SshError error = client.connectToHost(profile);
        QVERIFY2(error.kind == SshErrorKind::Resolve, qPrintable(error.message));
        QVERIFY(error.message.contains(QLatin1String("login.invalid")));
    }

    // The kernel accepts the connection (the listen backlog) but nothing ever sends the SSH
    // banner: the client must give up after its timeout with a sentence saying so.
    void silentServerTimesOut()
    {
        QTcpServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        SshClient client;
        client.setTimeout(1);
        const SshError error = client.connectToHost(loopback(server.serverPort()));
        QVERIFY2(error.kind == SshErrorKind::Timeout, qPrintable(error.message));
        QVERIFY(error.message.contains(QLatin1String("did not answer within 1 s")));
    }

    // A server that sends a banner and hangs up: the handshake breaks half-way.
    void serverHangingUpIsReported()
    {
        const int listener = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof address;
        QCOMPARE(::bind(listener, reinterpret_cast<sockaddr *>(&address), length), 0);
        QCOMPARE(::listen(listener, 1), 0);
        ::getsockname(listener, reinterpret_cast<sockaddr *>(&address), &length);
        // The client blocks this thread; the server answers from another one.
        std::thread server([listener] {
            const int peer = ::accept(listener, nullptr, nullptr);
            const char banner[] = "SSH-2.0-broken\r\n";
            [[maybe_unused]] const auto written = ::write(peer, banner, sizeof banner - 1);
            ::close(peer);
        });
        SshClient client;
        client.setTimeout(2);
        const SshError error = client.connectToHost(loopback(ntohs(address.sin_port)));
        server.join();
        ::close(listener);
        QVERIFY(error.kind != SshErrorKind::None);
        QVERIFY2(!error.message.isEmpty(), "a failure always says something");
        QVERIFY(!client.connected());
    }

    void commandsNeedAConnection()
    {
        SshClient client;
        RemoteResult result;
        QCOMPARE(client.exec(QStringLiteral("true"), &result).kind, SshErrorKind::ConnectionLost);
        QCOMPARE(client.makeFolders(QStringLiteral("x")).kind, SshErrorKind::ConnectionLost);
    }
};

QTEST_GUILESS_MAIN(TestSshFailures)
#include "tst_sshfailures.moc"

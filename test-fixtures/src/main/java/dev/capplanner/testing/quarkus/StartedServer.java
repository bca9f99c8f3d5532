package dev.capplanner.testing.quarkus;

/** A server a test resource started, embedded or in a container, and stops when the tests are done. */
final class StartedServer {

    private final String what;
    private AutoCloseable server;

    StartedServer(String what) {
        this.what = what;
    }

    <T extends AutoCloseable> T track(T started) {
        server = started;
        return started;
    }

    void stop() {
        if (server == null) {
            return;
        }
        try {
            server.close();
        } catch (Exception e) {
            throw new IllegalStateException("stopping the " + what + " failed", e);
        } finally {
            server = null;
        }
    }
}

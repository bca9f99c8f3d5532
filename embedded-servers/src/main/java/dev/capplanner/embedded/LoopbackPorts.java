package dev.capplanner.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.function.IntFunction;

/**
 * Loopback ports for servers that cannot bind port 0 themselves (PostgreSQL, a KRaft controller
 * whose quorum address must be known before it starts): a free port is picked, and because another
 * process may take it before the server binds it, the start is retried on another port.
 */
public final class LoopbackPorts {

    /** How many picked ports a start tries before giving up. */
    static final int ATTEMPTS = 5;

    private LoopbackPorts() {
    }

    public static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Starts a server on {@code port}, or, when it is 0, on a picked free port, picking again when
     * the start fails because the port was taken meanwhile.
     */
    public static <T> T startOn(int port, IntFunction<T> start) {
        if (port != 0) {
            return start.apply(port);
        }
        RuntimeException last = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int picked = pick();
            try {
                return start.apply(picked);
            } catch (RuntimeException e) {
                if (!isFree(picked)) {
                    last = e;
                    continue;
                }
                throw e;
            }
        }
        throw last;
    }

    static int pick() {
        try (ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free loopback port", e);
        }
    }
}

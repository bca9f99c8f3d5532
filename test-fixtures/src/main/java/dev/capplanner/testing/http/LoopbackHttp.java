package dev.capplanner.testing.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * The JDK's HTTP server on a free loopback port, for a test's stand-in of a remote service, and the
 * one way such a stand-in answers JSON.
 */
public final class LoopbackHttp {

    private LoopbackHttp() {
    }

    /** A started server; add contexts with {@link HttpServer#createContext}, stop it with {@code stop(0)}. */
    public static HttpServer start() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.start();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String url(HttpServer server) {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public static void respondJson(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }
}

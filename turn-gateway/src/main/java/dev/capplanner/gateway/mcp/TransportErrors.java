package dev.capplanner.gateway.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Holds the transport's answer until it is complete. The SDK's transport answers a request it cannot
 * read (not JSON, not JSON-RPC, without the Accept header streamable HTTP requires) with its exception
 * serialized, stack frames and all: such an answer is replaced by a JSON-RPC error with the same code
 * and message, and nothing of the server's insides reaches the caller.
 */
final class TransportErrors extends HttpServletResponseWrapper {

    static final int MAX_MESSAGE_CHARS = 300;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ByteArrayOutputStream body = new ByteArrayOutputStream();
    private final ServletOutputStream stream = new ServletOutputStream() {
        @Override
        public boolean isReady() {
            return true;
        }

        @Override
        public void setWriteListener(WriteListener listener) {
            throw new UnsupportedOperationException("the MCP endpoint answers synchronously");
        }

        @Override
        public void write(int b) {
            body.write(b);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            body.write(bytes, offset, length);
        }
    };
    private PrintWriter writer;

    TransportErrors(HttpServletResponse response) {
        super(response);
    }

    @Override
    public ServletOutputStream getOutputStream() {
        return stream;
    }

    @Override
    public PrintWriter getWriter() {
        if (writer == null) {
            writer = new PrintWriter(new OutputStreamWriter(body, StandardCharsets.UTF_8), true);
        }
        return writer;
    }

    @Override
    public void flushBuffer() {
        if (writer != null) {
            writer.flush();
        }
    }

    /** Writes what the transport answered, or its cleaned error, to the real response. */
    void complete() throws IOException {
        flushBuffer();
        byte[] answer = body.toByteArray();
        if (getStatus() >= 400) {
            answer = cleaned(answer);
            HttpServletResponse real = (HttpServletResponse) getResponse();
            real.setContentType("application/json");
            real.setContentLength(answer.length);
        }
        getResponse().getOutputStream().write(answer);
    }

    static byte[] cleaned(byte[] answer) {
        JsonNode thrown;
        try {
            thrown = JSON.readTree(answer);
        } catch (IOException notJson) {
            return answer;
        }
        if (thrown == null || !thrown.has("stackTrace")) {
            return answer;
        }
        JsonNode rpc = thrown.path("jsonRpcError");
        int code = rpc.path("code").isInt() ? rpc.path("code").asInt() : -32600;
        String message = rpc.path("message").isTextual() ? rpc.path("message").asText()
                : thrown.path("message").asText("the request could not be read");
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", message.length() <= MAX_MESSAGE_CHARS ? message : message.substring(0, MAX_MESSAGE_CHARS) + "…");
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("jsonrpc", "2.0");
        response.put("id", null);
        response.put("error", error);
        try {
            return JSON.writeValueAsBytes(response);
        } catch (IOException e) {
            throw new IllegalStateException("a map of strings and numbers is always JSON", e);
        }
    }
}

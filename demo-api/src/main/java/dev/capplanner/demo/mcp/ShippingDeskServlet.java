package dev.capplanner.demo.mcp;

import dev.capplanner.demo.data.DemoData;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import java.io.IOException;

/** Serves the Shipping Desk MCP server at {@code /mcp} (the SDK's transport is itself a servlet). */
@WebServlet(urlPatterns = ShippingDeskServer.ENDPOINT, asyncSupported = true)
public class ShippingDeskServlet extends HttpServlet {

    private transient ShippingDeskServer server;

    @Override
    public void init() throws ServletException {
        server = new ShippingDeskServer(new DemoData());
        server.transport().init(getServletConfig());
    }

    @Override
    public void service(ServletRequest request, ServletResponse response) throws ServletException, IOException {
        server.transport().service(request, response);
    }

    @Override
    public void destroy() {
        server.close();
        server.transport().destroy();
    }
}

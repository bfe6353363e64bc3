// Adapter for GoGui's SGF reader (Remi-Coulom/gogui, net.sf.gogui.sgf.SgfReader), compiled
// by the script gogui with Debian's javac together with ../shared/peers/gogui/src into the
// build folder. See README.md.
//
// Reads with new SgfReader(new FileInputStream(file), file, null, 0), as GoGui opens a
// file (ISO-8859-1, then again in the charset CA names). GoGui reads Go only.
// Errors: SgfError is a rejection (exit 1); any other Throwable (StackOverflowError,
// NullPointerException, ...) is a crash (exit 2). Warnings do not reject.
// Tree: not printed. GoGui's tree is a Go model (moves, setup stones, game info, marks)
// with other properties kept as strings; it cannot be put back into the file's order.
import java.io.BufferedReader;
import java.io.File;
import java.io.FileInputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import net.sf.gogui.sgf.SgfError;
import net.sf.gogui.sgf.SgfReader;

public final class GoguiAdapter {
    private static String oneLine(String s) {
        String t = String.join(" ", String.valueOf(s).trim().split("\\s+"));
        return t.length() > 300 ? t.substring(0, 300) : t;
    }

    private static boolean readable(String path) {
        File f = new File(path);
        return f.isFile() && f.canRead();
    }

    /** {verdict, message} */
    private static String[] answer(String path) {
        try {
            File f = new File(path);
            new SgfReader(new FileInputStream(f), f, null, 0).getTree();
            return new String[] {"accepted", ""};
        } catch (SgfError e) {
            return new String[] {"rejected", oneLine(e.getMessage())};
        } catch (Throwable t) {
            return new String[] {"crash", oneLine(t.getClass().getName() + ": " + t.getMessage())};
        }
    }

    public static void main(String[] args) throws Exception {
        System.setErr(new PrintStream(System.err, true, "UTF-8"));
        if (args.length == 1 && args[0].equals("--batch")) {
            PrintStream out = new PrintStream(System.out, false, "UTF-8");
            out.print("sgf-adapter batch 1\n");
            out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            for (String path; (path = in.readLine()) != null;) {
                String[] a = readable(path) ? answer(path) : new String[] {"unreadable", "cannot read " + oneLine(path)};
                out.print(a[0] + "\t" + a[1] + "\t\n");
                out.flush();
            }
            return;
        }
        if (args.length != 1) {
            System.err.println("usage: gogui FILE | --batch");
            System.exit(64);
        }
        if (!readable(args[0])) {
            System.err.println("cannot read " + args[0]);
            System.exit(66);
        }
        String[] a = answer(args[0]);
        if (a[0].equals("accepted")) System.exit(0);
        System.err.println(a[0] + ": " + a[1]);
        System.exit(a[0].equals("rejected") ? 1 : 2);
    }
}

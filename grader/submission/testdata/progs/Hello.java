// Says hello: a program run with java's single-file source launcher.
public class Hello {
    public static void main(String[] args) {
        System.out.println("hello from java");
    }
}

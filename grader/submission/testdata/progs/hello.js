// Says hello.
console.log("hello from javascript");

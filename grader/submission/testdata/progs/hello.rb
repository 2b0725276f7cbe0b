# Says hello.
puts "hello from ruby"

(* A correct solution to `nim` in OCaml for heaps below 2^62 (OCaml's int): Bouton's theorem,
   the first winning move. *)
let () =
  let cases = Scanf.scanf " %d" (fun c -> c) in
  for _ = 1 to cases do
    let n = Scanf.scanf " %d" (fun n -> n) in
    let heaps = Array.init n (fun _ -> Scanf.scanf " %d" (fun h -> h)) in
    let x = Array.fold_left ( lxor ) 0 heaps in
    if x = 0 then print_endline "second"
    else begin
      let i = ref 0 in
      while (heaps.(!i) lxor x) >= heaps.(!i) do incr i done;
      Printf.printf "first %d %d\n" (!i + 1) (heaps.(!i) lxor x)
    end
  done

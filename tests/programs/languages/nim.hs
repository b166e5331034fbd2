-- A correct solution to `nim` in Haskell: Bouton's theorem, the first winning move.
import Data.Bits (xor)

solve :: [Integer] -> [String]
solve [] = []
solve (n : rest) =
  let (heaps, more) = splitAt (fromIntegral n) rest
      x = foldr xor 0 heaps
      moves = [(i, h `xor` x) | (i, h) <- zip [1 :: Int ..] heaps, h `xor` x < h]
      line = case moves of
        ((i, k) : _) | x /= 0 -> "first " ++ show i ++ " " ++ show k
        _ -> "second"
   in line : solve more

main :: IO ()
main = do
  words' <- map read . words <$> getContents
  mapM_ putStrLn (solve (drop 1 words'))

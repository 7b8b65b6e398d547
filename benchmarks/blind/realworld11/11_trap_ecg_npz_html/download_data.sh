#!/bin/sh
# Fetches the preprocessed PTB-XL subset (beats resampled to 128 samples, 5 superclasses).
mkdir -p data
wget -O data/ecg_train.npz "https://drive.google.com/uc?export=download&id=1xQ"
